import type { ProviderConfig } from '../../shared/models/model-schema'
import type { DiscoveredModel } from '../../shared/models/provider-input'
import { firstLine } from './terminal-text'

export interface DiscoveredListing extends DiscoveredModel {
  /** False for ids that are plainly not chat models (embeddings, speech, images, moderation). */
  chat: boolean
}

/**
 * What a provider serves, one id a line with its state: configured, new (or added, after `--add`), or a
 * new id that is not a chat model. Ids come from the provider's answer, so they are made terminal-safe.
 */
export function formatDiscoveredModels(
  provider: Pick<ProviderConfig, 'id' | 'name'>,
  served: readonly DiscoveredListing[],
  added: boolean,
): string[] {
  const label = `${provider.id} (${firstLine(provider.name)})`
  if (served.length === 0) return [`${label} serves no models`]
  const ids = served.map((model) => firstLine(model.id))
  const width = Math.max(...ids.map((id) => id.length))
  return [
    `${label} serves ${plural(served.length, 'model')}:`,
    ...served.map((model, index) => `  ${(ids[index] ?? '').padEnd(width)}  ${stateOf(model, added)}`),
  ]
}

function stateOf(model: DiscoveredListing, added: boolean): string {
  if (model.configured) return 'configured'
  if (!model.chat) return added ? 'not added: not a chat model' : 'new, not a chat model'
  return added ? 'added' : 'new'
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
