import { IpcFailure } from '../../shared/ipc/ipc-error'
import { modelRef, parseModelRef } from '../../shared/models/model-schema'
import { isChatModelId } from '../../main/core/models/provider-presets'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { formatDiscoveredModels, plural } from '../format/discovered-models'
import {
  defaultModelNotice,
  formatModelList,
  listModels,
  sourceLegend,
  summarizeModels,
} from '../format/model-list'
import { firstLine } from '../format/terminal-text'
import { findProvider, openProviders } from '../provider-access'

/** `mcp-desk models`: every configured model with its capabilities; nothing is contacted. */
export function showModels(home: string, json: boolean, io: CliIo): number {
  const { print } = outputOf(io)
  const { profile, providers } = openProviders(home)
  const defaultModel = profile.settings.get().models.defaultModel
  const models = listModels(providers.list(), defaultModel)
  if (json) {
    print(JSON.stringify({ defaultModel: defaultModel ?? null, models }, null, 2))
  } else if (models.length === 0) {
    print(
      providers.list().length === 0
        ? 'No models configured. Add a provider with: mcp-desk providers add <preset> [--model ID ...]'
        : 'No models configured. List what a provider serves with: mcp-desk models discover <provider> --add',
    )
  } else {
    for (const line of formatModelList(models)) print(line)
    print(summarizeModels(models, defaultModel))
    for (const line of sourceLegend()) print(line)
  }
  return 0
}

export interface DiscoverOptions {
  /** Save the chat models the provider serves that are not configured yet. */
  add: boolean
  json: boolean
}

/**
 * `models discover`: GET {baseURL}/models, marking what is configured. `--add` saves the new chat models;
 * ids that are plainly embeddings, speech or image models are listed but not added, since a sampling
 * request could never use them.
 */
export async function discoverModels(
  home: string,
  query: string,
  options: DiscoverOptions,
  io: CliIo,
): Promise<number> {
  const { print } = outputOf(io)
  const { providers } = openProviders(home)
  const provider = findProvider(providers, query)
  const served = (await providers.discover(provider.id)).map((model) => ({
    ...model,
    chat: isChatModelId(model.id),
  }))
  const addable = served.filter((model) => !model.configured && model.chat).map((model) => model.id)
  const added = options.add ? addable : []
  let newDefault: string | undefined
  for (const id of added) {
    if (providers.saveModel(provider.id, { id }).becameDefault) newDefault = modelRef(provider.id, id)
  }

  if (options.json) {
    const defaultModel = newDefault ?? null
    print(JSON.stringify({ provider: provider.id, models: served, added, newDefault: defaultModel }, null, 2))
    return 0
  }
  for (const line of formatDiscoveredModels(provider, served, options.add)) print(line)
  if (added.length > 0) {
    const stated = served.filter((model) => added.includes(model.id) && model.stated).length
    const from = stated > 0 ? `, ${stated} with facts from ${firstLine(provider.name)}'s model list` : ''
    print(`Added ${plural(added.length, 'model')}${from}; capabilities nobody states are unknown`)
    if (newDefault !== undefined) print(defaultModelNotice(newDefault))
    print('(see them with: mcp-desk models)')
  } else if (addable.length > 0) {
    print(
      `Save the ${plural(addable.length, 'new chat model')} with: mcp-desk models discover ${provider.id} --add`,
    )
  } else if (served.length > 0) {
    print(served.every((model) => model.configured) ? 'All of them are configured.' : 'No new chat models.')
  }
  return 0
}

/** `models default <provider/model>`: the model sampling falls back to when no hint decides. */
export function setDefaultModel(home: string, ref: string, io: CliIo): number {
  if (!parseModelRef(ref)) {
    throw new UsageError(`invalid model "${ref}": expected <provider>/<model>, e.g. openai/gpt-4o-mini`)
  }
  const { providers } = openProviders(home)
  let chosen: string
  try {
    chosen = providers.setDefault(ref)
  } catch (error) {
    // The configured refs make the next attempt exact.
    if (error instanceof IpcFailure && error.code === 'not_found') {
      const known = providers
        .list()
        .flatMap((provider) => provider.models.map((model) => modelRef(provider.id, model.id)))
      throw new Error(
        `no model "${ref}" (${known.length > 0 ? `configured: ${known.join(', ')}` : 'no models are configured'})`,
        { cause: error },
      )
    }
    throw error
  }
  outputOf(io).print(`Default model: ${firstLine(chosen)}`)
  return 0
}
