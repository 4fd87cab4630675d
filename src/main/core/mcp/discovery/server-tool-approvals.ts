import type { Tool } from '@modelcontextprotocol/client'
import type { ToolChange, ToolInfo } from '../../../../shared/mcp/server-state'
import type { ApprovedToolsStore } from './approved-tools-store'
import { acceptanceUpdates, reviewTools, type AcceptedChange } from './tool-review'

/**
 * One server's tools as the rug-pull guard sees them: everything it listed last, the approved ones (what
 * the panel shows and models see) and the changes waiting for the user's review. The judgement itself is
 * reviewTools; this keeps its result between listings and writes acceptances to the profile's store.
 */
export class ServerToolApprovals {
  readonly #serverId: () => string
  readonly #store: ApprovedToolsStore
  /** The approved tools of the latest listing (see reviewTools). */
  #approved: ToolInfo[] = []
  /** Everything the server listed last, approved or not. */
  #listed: ToolInfo[] = []
  #pending: ToolChange[] = []

  constructor(serverId: () => string, store: ApprovedToolsStore) {
    this.#serverId = serverId
    this.#store = store
  }

  get approved(): ToolInfo[] {
    return this.#approved
  }

  get pending(): ToolChange[] {
    return this.#pending
  }

  /**
   * The approved definition of a tool as the SDK's `callTool` takes it: its `x-mcp-header` marks become
   * `Mcp-Param-*` headers on a 2026-07-28 HTTP connection (SEP-2243). What the user approved, never a
   * changed definition waiting for review.
   */
  callOptionsFor<T extends object>(name: string, options: T): T & { toolDefinition?: Tool } {
    const tool = this.#approved.find((approved) => approved.name === name)
    if (!tool) return options
    return { ...options, toolDefinition: { name, inputSchema: tool.inputSchema as Tool['inputSchema'] } }
  }

  /** A new connection lists from scratch. */
  clear(): void {
    this.#approved = []
    this.#listed = []
  }

  /**
   * Judges a listing against the approved definitions (trusting a first listing) and keeps the result;
   * true when what is approved or pending changed.
   */
  review(listed: ToolInfo[]): boolean {
    const before = JSON.stringify([this.#approved, this.#pending])
    const review = reviewTools(this.#store.get(this.#serverId()), listed)
    if (review.record) this.#store.apply(this.#serverId(), review.record)
    this.#listed = listed
    this.#approved = review.approved
    this.#pending = review.pending
    return JSON.stringify([this.#approved, this.#pending]) !== before
  }

  /** Judges the last listing again (another process may have accepted); true when anything changed. */
  reviewAgain(): boolean {
    return this.review(this.#listed)
  }

  /**
   * The user accepted these changes as they were shown: their definitions become the approved ones (in the
   * profile, for every process). Throws StaleAcceptanceError, accepting nothing, when any of them is no
   * longer what is pending. Returns how many were accepted.
   */
  accept(accepted: readonly AcceptedChange[]): number {
    const updates = acceptanceUpdates(this.#pending, accepted)
    this.#store.apply(this.#serverId(), updates)
    this.review(this.#listed)
    return updates.size
  }

  /**
   * The change waiting for the user's review that makes this tool uncallable: a changed or new definition.
   * A removed tool is not listed, so the server refuses it itself.
   */
  pendingChangeOf(toolName: string): ToolChange | undefined {
    return this.#pending.find((change) => change.name === toolName && change.kind !== 'removed')
  }
}
