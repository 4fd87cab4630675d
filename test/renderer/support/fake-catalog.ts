import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import type {
  Completion,
  PromptArgumentValues,
  PromptInfo,
  PromptList,
  PromptResult,
} from '../../../src/shared/mcp/prompts'
import type {
  ResourceInfo,
  ResourceList,
  ResourceReadResult,
  ResourceTemplateFill,
  ResourceTemplateInfo,
} from '../../../src/shared/mcp/resources'

/**
 * The prompts and resources half of the fake host: tests put in what servers offer (prompts with the
 * messages they fill in to, completions, resources with their contents) and read back what was asked.
 * Required arguments are checked like PromptService does, so the form's error path can be tested.
 */
export class FakeCatalog {
  prompts: PromptInfo[] = []
  /** By `server:prompt`: what prompts:get answers (the arguments given are recorded in `gets`). */
  readonly promptResults = new Map<string, PromptResult>()
  /** By `server:prompt:argument`: the values prompts:complete offers (filtered by prefix). */
  readonly completions = new Map<string, string[]>()
  resources: ResourceInfo[] = []
  templates: ResourceTemplateInfo[] = []
  /** By URI: what resources:read answers (also for a filled-in template's expansion). */
  readonly contents = new Map<string, ResourceReadResult>()
  /** By `server uriTemplate variable`: the values resources:complete offers (filtered by prefix). */
  readonly templateCompletions = new Map<string, string[]>()
  readonly gets: Array<{ key: string; arguments: PromptArgumentValues }> = []
  readonly subscribed = new Set<string>()

  list(serverId?: string): Promise<IpcResult<PromptList>> {
    return ok({
      prompts: this.prompts.filter((p) => serverId === undefined || p.serverId === serverId),
      failures: [],
    })
  }

  get(serverId: string, name: string, args: PromptArgumentValues): Promise<IpcResult<PromptResult>> {
    const key = `${serverId}:${name}`
    const prompt = this.prompts.find((p) => p.key === key)
    const result = this.promptResults.get(key)
    if (!prompt || !result) return fail('not_found', `server "${serverId}" has no prompt "${name}"`)
    const missing = prompt.arguments.find((a) => a.required && (args[a.name] ?? '') === '')
    if (missing) return fail('validation_failed', `prompt "${name}" needs the argument "${missing.name}"`)
    this.gets.push({ key, arguments: args })
    return ok(result)
  }

  complete(
    serverId: string,
    prompt: string,
    argument: string,
    value: string,
  ): Promise<IpcResult<Completion>> {
    const values = (this.completions.get(`${serverId}:${prompt}:${argument}`) ?? []).filter((v) =>
      v.startsWith(value),
    )
    return ok({ values, hasMore: false })
  }

  listResources(serverId?: string): Promise<IpcResult<ResourceList>> {
    const mine = <T extends { serverId: string }>(items: T[]) =>
      items.filter((item) => serverId === undefined || item.serverId === serverId)
    return ok({ resources: mine(this.resources), templates: mine(this.templates), failures: [] })
  }

  read(serverId: string, uri: string): Promise<IpcResult<ResourceReadResult>> {
    const result = this.contents.get(uri)
    return result ? ok(result) : fail('unavailable', `server "${serverId}" could not read ${uri}`)
  }

  /** Expands `{name}` (and drops empty `{?name}`) like a simple RFC 6570 template, then reads that URI. */
  readTemplate(serverId: string, fill: ResourceTemplateFill): Promise<IpcResult<ResourceReadResult>> {
    const uri = fill.uriTemplate.replace(/\{([?&]?)([^}]+)\}/g, (_all, query: string, name: string) => {
      const value = fill.variables[name] ?? ''
      if (query === '') return encodeURIComponent(value)
      return value === '' ? '' : `${query}${name}=${encodeURIComponent(value)}`
    })
    return this.read(serverId, uri)
  }

  completeTemplate(
    serverId: string,
    uriTemplate: string,
    variable: string,
    value: string,
  ): Promise<IpcResult<Completion>> {
    const values = (this.templateCompletions.get(`${serverId} ${uriTemplate} ${variable}`) ?? []).filter(
      (v) => v.startsWith(value),
    )
    return ok({ values, hasMore: false })
  }

  subscribe(serverId: string, uri: string): Promise<IpcResult<{ subscribed: true }>> {
    this.subscribed.add(`${serverId} ${uri}`)
    return ok({ subscribed: true as const })
  }

  unsubscribe(serverId: string, uri: string): Promise<IpcResult<{ unsubscribed: true }>> {
    this.subscribed.delete(`${serverId} ${uri}`)
    return ok({ unsubscribed: true as const })
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

function fail<T>(
  code: 'not_found' | 'validation_failed' | 'unavailable',
  message: string,
): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}
