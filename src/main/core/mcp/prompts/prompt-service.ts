import type { Client, RequestOptions, Prompt } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type {
  Completion,
  PromptArgumentValues,
  PromptInfo,
  PromptList,
  PromptResult,
  PromptsChangedEvent,
  ServerListFailure,
} from '../../../../shared/mcp/prompts'
import { requestCompletion } from './completion'
import {
  connectedServer,
  connectedServers,
  isCurrentClient,
  serverRequestFailure,
  type ConnectedServer,
  type ServerDirectory,
} from './connected-server'
import { listAllPages } from './list-pages'
import { ListCache, type Listed } from './list-cache'
import { shorterTtl, ttlOf } from '../discovery/list-freshness'
import { toPromptMessages } from './prompt-messages'
import type { PromptListWatch } from './prompt-list-watch'
import { messageOf } from '../../../../shared/format/error-message'

export interface PromptServiceDeps {
  servers: ServerDirectory
  /** Where list_changed notifications arrive; without it (the CLI) lists are simply never cached. */
  watch?: PromptListWatch
  log?: (line: string) => void
  /** Each request's timeout; default 30 s, so one silent server cannot hold the picker for the SDK's 60 s. */
  requestTimeoutMs?: number
}

export type PromptsChangedListener = (event: PromptsChangedEvent) => void

const DEFAULT_TIMEOUT_MS = 30_000

/**
 * The prompts of connected servers: listing them for the `/` picker, filling one in (prompts/get) as messages
 * a chat turn can insert, and suggesting argument values (completion/complete). A server's list is kept per
 * connection while it is fresh: until the server announces a change, no longer than its TTL (see ListCache).
 */
export class PromptService {
  readonly #deps: PromptServiceDeps
  readonly #cache = new ListCache<Prompt[]>()
  readonly #listeners = new Set<PromptsChangedListener>()
  readonly #unwatch: () => void

  constructor(deps: PromptServiceDeps) {
    this.#deps = deps
    this.#unwatch = deps.watch?.subscribe((serverId, client) => this.#onListChanged(serverId, client)) ?? noop
  }

  /**
   * One server's prompts (its failure throws), or every connected server's (a failing server is reported
   * in `failures` and the others are still listed).
   */
  async list(serverId?: string): Promise<PromptList> {
    if (serverId !== undefined) {
      const server = connectedServer(this.#deps.servers, serverId)
      return { prompts: (await this.#promptsOf(server)).map((p) => toPromptInfo(server, p)), failures: [] }
    }
    const results = await Promise.all(
      connectedServers(this.#deps.servers).map(async (server) => {
        try {
          return (await this.#promptsOf(server)).map((p) => toPromptInfo(server, p))
        } catch (error) {
          return failureOf(server, error)
        }
      }),
    )
    return {
      prompts: results.flatMap((result) => (Array.isArray(result) ? result : [])),
      failures: results.flatMap((result) => (Array.isArray(result) ? [] : [result])),
    }
  }

  /**
   * Fills in a prompt. Arguments are checked against the prompt's declaration first, so a missing required
   * one (or a misspelt name) is named here instead of becoming a server's vaguer error. Empty optional
   * arguments are left out, as a form's untouched fields are.
   */
  async get(serverId: string, name: string, args: PromptArgumentValues = {}): Promise<PromptResult> {
    const server = connectedServer(this.#deps.servers, serverId)
    const prompt = await this.#find(server, name)
    const declared = prompt.arguments ?? []
    const unknown = Object.keys(args).filter((key) => !declared.some((argument) => argument.name === key))
    if (unknown.length > 0) {
      const takes =
        declared.length === 0
          ? 'it takes no arguments'
          : `its arguments: ${declared.map((a) => a.name).join(', ')}`
      throw new IpcFailure(
        'validation_failed',
        `prompt "${name}" has no argument ${quoteList(unknown)} (${takes})`,
      )
    }
    const missing = declared.filter(
      (argument) => argument.required === true && (args[argument.name] ?? '') === '',
    )
    if (missing.length > 0) {
      throw new IpcFailure(
        'validation_failed',
        `prompt "${name}" needs the argument${missing.length === 1 ? '' : 's'} ${quoteList(missing.map((a) => a.name))}`,
      )
    }
    const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== ''))
    let result
    try {
      result = await server.client.getPrompt({ name, arguments: given }, this.#options())
    } catch (error) {
      throw serverRequestFailure(server, `fill in the prompt "${name}"`, error)
    }
    return {
      serverId: server.id,
      serverName: server.name,
      name,
      ...(result.description === undefined ? {} : { description: result.description }),
      messages: toPromptMessages(`prompt "${name}" from server "${server.name}"`, result.messages),
    }
  }

  /** Suggested values for one argument of a prompt; empty when the server offers no completions. */
  async complete(
    serverId: string,
    promptName: string,
    argumentName: string,
    value: string,
    context?: PromptArgumentValues,
  ): Promise<Completion> {
    const server = connectedServer(this.#deps.servers, serverId)
    return await requestCompletion(
      server,
      { type: 'ref/prompt', name: promptName },
      { name: argumentName, value },
      context,
      this.#options(),
    )
  }

  /** Tells the listener when a server's prompt list changed, once the new list is being fetched. */
  onListChanged(listener: PromptsChangedListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  dispose(): void {
    this.#unwatch()
    this.#listeners.clear()
  }

  async #find(server: ConnectedServer, name: string): Promise<Prompt> {
    if (server.capabilities.prompts === undefined) {
      throw new IpcFailure('unavailable', `server "${server.name}" offers no prompts`)
    }
    const prompt = (await this.#promptsOf(server)).find((candidate) => candidate.name === name)
    if (!prompt) throw new IpcFailure('not_found', `server "${server.name}" has no prompt "${name}"`)
    return prompt
  }

  /** A server that does not declare `prompts` is not asked: it would answer -32601 for nothing. */
  #promptsOf(server: ConnectedServer): Promise<Prompt[]> {
    const capability = server.capabilities.prompts
    if (capability === undefined) return Promise.resolve([])
    return this.#cache.get(server.client, capability.listChanged === true, () => this.#fetch(server))
  }

  async #fetch(server: ConnectedServer): Promise<Listed<Prompt[]>> {
    let ttlMs: number | undefined
    const value = await listAllPages(`server "${server.name}"'s prompt list`, async (cursor) => {
      try {
        // Our cache decided this list is needed afresh; the SDK's own copy is refreshed, not served.
        const page = await server.client.listPrompts(cursor === undefined ? undefined : { cursor }, {
          ...this.#options(),
          cacheMode: 'refresh',
        })
        ttlMs = shorterTtl(ttlMs, ttlOf(page))
        return { items: page.prompts, nextCursor: page.nextCursor }
      } catch (error) {
        throw serverRequestFailure(server, 'list its prompts', error)
      }
    })
    return { value, ttlMs }
  }

  #onListChanged(serverId: string, client: Client): void {
    if (!isCurrentClient(this.#deps.servers, serverId, client)) return
    let server: ConnectedServer
    try {
      server = connectedServer(this.#deps.servers, serverId)
    } catch {
      return
    }
    this.#cache.forget(client)
    if (server.capabilities.prompts?.listChanged === true) {
      this.#cache
        .fetch(client, true, () => this.#fetch(server))
        .catch((error: unknown) =>
          this.#deps.log?.(`MCP server ${server.name}: re-listing prompts failed: ${messageOf(error)}`),
        )
    }
    for (const listener of this.#listeners) listener({ serverId })
  }

  #options(): RequestOptions {
    return { timeout: this.#deps.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS }
  }
}

export function toPromptInfo(server: ConnectedServer, prompt: Prompt): PromptInfo {
  return {
    key: `${server.id}:${prompt.name}`,
    serverId: server.id,
    serverName: server.name,
    name: prompt.name,
    ...(prompt.title === undefined ? {} : { title: prompt.title }),
    ...(prompt.description === undefined ? {} : { description: prompt.description }),
    arguments: (prompt.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...(argument.description === undefined ? {} : { description: argument.description }),
      required: argument.required === true,
    })),
    completions: server.capabilities.completions !== undefined,
  }
}

export function failureOf(server: ConnectedServer, error: unknown): ServerListFailure {
  return { serverId: server.id, serverName: server.name, reason: messageOf(error) }
}

function quoteList(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`)
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
}

function noop(): void {}
