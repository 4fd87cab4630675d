import { isModelVisible } from '../../../../shared/apps/view-schema'
import { createHash } from 'node:crypto'
import type { ServerState } from '../../../../shared/mcp/server-state'
import type { ConnectionManager } from '../../mcp/connection-manager'
import { describeToolForModel } from '../../mcp/discovery/tool-naming'
import type { SearchRanking } from '../../../../shared/tools/semantic-status'
import {
  clampLimit,
  ToolSearchIndex,
  type SearchableTool,
  type ToolSearchHit,
} from '../search/tool-search-index'
import { fuseRankings } from '../semantic/fuse-rankings'
import type { SemanticToolLayer } from '../semantic/semantic-layer'
import { catalogFingerprint, type CatalogTool } from './tool-catalog'

/** One MCP tool as a turn offers it to the model. */
export interface TurnMcpTool {
  /** The exposed name. */
  name: string
  serverId: string
  /** The description as the model reads it. */
  description: string
  inputSchema: unknown
  /** For the server map in the search tool's description. */
  serverName?: string
  /** The server's own tool name. */
  toolName?: string
}

/** A search's hits and which ranking produced them. */
export interface ToolSearchResult {
  hits: ToolSearchHit[]
  ranking: SearchRanking
  /** Why the ranking is not fused (the layer is off, loading, or failed), when it is not. */
  note?: string
}

/**
 * The search index kept in step with the connected servers: a server is re-indexed only when what it lists
 * changed, and dropped when it disconnects or goes away. The window's chat and the CLI share it.
 */
export class LiveToolIndex {
  readonly #index = new ToolSearchIndex()
  /** Per indexed server: a hash of what was indexed, so an unchanged re-list costs nothing. */
  readonly #indexed = new Map<string, string>()
  readonly #servers: Pick<ConnectionManager, 'list' | 'subscribe'>
  readonly #unsubscribe: () => void
  readonly #semantic: SemanticToolLayer | undefined

  /** With `semantic`, searches fuse the lexical ranking with the tools' vectors (issue 23). */
  constructor(servers: Pick<ConnectionManager, 'list' | 'subscribe'>, semantic?: SemanticToolLayer) {
    this.#servers = servers
    this.#semantic = semantic
    this.#sync(servers.list())
    this.#unsubscribe = servers.subscribe((states) => this.#sync(states))
  }

  dispose(): void {
    this.#unsubscribe()
    this.#semantic?.dispose()
  }

  /** The semantic layer, when there is one (its status is the window's and the CLI's). */
  get semantic(): SemanticToolLayer | undefined {
    return this.#semantic
  }

  /** Ranked by words alone. */
  searchLexical(query: string, limit: number, only?: ReadonlySet<string>): ToolSearchHit[] {
    return this.#index.search(query, limit, only)
  }

  /**
   * Ranked by words and meaning: the lexical ranking fused with the cosines of the tools that have vectors.
   * Never waits for tools to be embedded; without a usable query vector the answer is lexical, with why.
   */
  async search(query: string, limit: number, only?: ReadonlySet<string>): Promise<ToolSearchResult> {
    const wanted = clampLimit(limit)
    // The query's vector is asked for first, so the worker embeds it while this thread ranks by words.
    const pending = this.#semantic?.cosines(query, only)
    const lexical = this.#index.rank(query, only)
    const lexicalResult = (note?: string): ToolSearchResult => ({
      hits: this.#index.hitsOf(lexical.slice(0, wanted)),
      ranking: 'lexical',
      ...(note === undefined ? {} : { note }),
    })
    if (!pending) return lexicalResult()
    const semantic = await pending
    if (semantic.kind === 'unavailable') return lexicalResult(semantic.note)
    const fused = fuseRankings(lexical, semantic.cosines, undefined, wanted)
    return {
      hits: this.#index.hitsOf(fused.slice(0, wanted)),
      ranking: semantic.missing > 0 ? 'partial' : 'fused',
      ...(semantic.missing > 0
        ? { note: `${semantic.missing} tools have no vector yet and are ranked by their words` }
        : {}),
    }
  }

  /** The fingerprint of these tools as the servers list them now (see tool-catalog.ts). */
  currentFingerprint(names: ReadonlySet<string>): string {
    const now: CatalogTool[] = []
    for (const state of this.#servers.list()) {
      if (state.status !== 'connected') continue
      for (const tool of state.tools) {
        if (names.has(tool.exposedName) && isModelVisible(tool.ui))
          now.push(toCatalogTool(turnToolOf(state, tool)))
      }
    }
    // A tool that disappeared changes the set, and so the fingerprint, as a changed definition does.
    return now.length === names.size ? catalogFingerprint(now) : `changed:${now.length}/${names.size}`
  }

  #sync(states: readonly ServerState[]): void {
    const live = new Set<string>()
    for (const state of states) {
      if (state.status !== 'connected') continue
      live.add(state.id)
      // A tool only a view may call (MCP Apps visibility ["app"]) is never offered to a model.
      const tools = state.tools
        .filter((tool) => isModelVisible(tool.ui))
        .map((tool): SearchableTool => ({
          key: tool.exposedName,
          serverId: state.id,
          serverName: state.name,
          name: tool.name,
          ...(tool.title === undefined ? {} : { title: tool.title }),
          description: tool.description,
          inputSchema: tool.inputSchema,
        }))
      const version = createHash('sha256').update(JSON.stringify(tools)).digest('hex')
      if (this.#indexed.get(state.id) === version) continue
      this.#index.setServerTools(state.id, tools)
      this.#semantic?.setServerTools(state.id, tools)
      this.#indexed.set(state.id, version)
    }
    for (const serverId of [...this.#indexed.keys()]) {
      if (live.has(serverId)) continue
      this.#index.removeServer(serverId)
      this.#semantic?.removeServer(serverId)
      this.#indexed.delete(serverId)
    }
  }
}

function toCatalogTool(tool: TurnMcpTool): CatalogTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema }
}

/** Must describe a tool exactly as the chat service does, or fingerprints would never match. */
export function turnToolOf(state: ServerState, tool: ServerState['tools'][number]): TurnMcpTool {
  return {
    name: tool.exposedName,
    serverId: state.id,
    description: describeToolForModel(state.name, tool.name, tool.description),
    inputSchema: tool.inputSchema,
  }
}
