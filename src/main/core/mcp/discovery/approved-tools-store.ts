import { z } from 'zod'
import { toolInfoSchema, type ToolInfo } from '../../../../shared/mcp/server-state'
import { fingerprintTool } from './tool-fingerprint'

/**
 * What the user approved of one server's tools: the definition of each tool as last accepted, by the
 * server's own tool name. `undefined` tools: nothing was ever approved for the server.
 */
export interface ServerApprovals {
  /**
   * Whether a server with nothing approved has its first listing trusted (trust on first use). False after
   * the store's file was found unreadable: then nothing is trusted without the user's acceptance.
   */
  trustOnFirstUse: boolean
  tools: ReadonlyMap<string, ToolInfo> | undefined
}

/** Per tool: the definition to approve, or null to forget the tool's approval (a removal was accepted). */
export type ApprovalUpdates = ReadonlyMap<string, ToolInfo | null>

/**
 * The approved tool definitions of a profile (the rug-pull guard's baseline). The desktop app, web mode and
 * CLI commands may all write it, so every change is applied per server and tool to what is stored now.
 */
export interface ApprovedToolsStore {
  get(serverId: string): ServerApprovals
  /** Records approvals for one server; a server with no entry yet gets one even when `updates` is empty. */
  apply(serverId: string, updates: ApprovalUpdates): void
  /** Drops everything approved for a removed server, so a later server with its id starts afresh. */
  forgetServer(serverId: string): void
  /** Calls `onChange` when another process may have changed the approvals; returns how to stop. */
  watch?(onChange: () => void): () => void
}

const approvedEntrySchema = z.object({ fingerprint: z.string(), definition: toolInfoSchema })

/**
 * The file's shape: `servers.<server id>` = the approved tools, each its definition and fingerprint. A list,
 * not an object keyed by tool name, because a server may name a tool `__proto__`.
 */
export const approvedToolsDocumentSchema = z.object({
  version: z.literal(1),
  /** `review` once the file was found unreadable: no server's first listing is trusted any more. */
  firstUse: z.enum(['trust', 'review']),
  servers: z.record(z.string(), z.array(approvedEntrySchema)),
})
export type ApprovedToolsDocument = z.infer<typeof approvedToolsDocumentSchema>
type ApprovedEntry = z.infer<typeof approvedEntrySchema>

export function emptyApprovedToolsDocument(firstUse: 'trust' | 'review' = 'trust'): ApprovedToolsDocument {
  return { version: 1, firstUse, servers: {} }
}

/**
 * A server's approvals as the document holds them. An entry whose fingerprint does not match its
 * definition (a hand edit) approves nothing: that tool is shown for review again.
 */
export function approvalsIn(document: ApprovedToolsDocument, serverId: string): ServerApprovals {
  const trustOnFirstUse = document.firstUse === 'trust'
  const entries = Object.hasOwn(document.servers, serverId) ? document.servers[serverId] : undefined
  if (entries === undefined) return { trustOnFirstUse, tools: undefined }
  const tools = new Map<string, ToolInfo>()
  for (const entry of entries) {
    if (fingerprintTool(entry.definition) === entry.fingerprint)
      tools.set(entry.definition.name, entry.definition)
  }
  return { trustOnFirstUse, tools }
}

/** The document with `updates` applied to one server's entries; other servers and tools are left as they are. */
export function withUpdates(
  document: ApprovedToolsDocument,
  serverId: string,
  updates: ApprovalUpdates,
): ApprovedToolsDocument {
  const current = Object.hasOwn(document.servers, serverId) ? document.servers[serverId] : undefined
  const entries = new Map<string, ApprovedEntry>(
    (current ?? []).map((entry) => [entry.definition.name, entry]),
  )
  for (const [name, definition] of updates) {
    if (definition === null) entries.delete(name)
    else entries.set(name, { fingerprint: fingerprintTool(definition), definition })
  }
  return { ...document, servers: { ...document.servers, [serverId]: [...entries.values()] } }
}

export function withoutServer(document: ApprovedToolsDocument, serverId: string): ApprovedToolsDocument {
  const servers = { ...document.servers }
  delete servers[serverId]
  return { ...document, servers }
}

/** The store in memory only: for tests and hosts built without a profile home. */
export class MemoryApprovedToolsStore implements ApprovedToolsStore {
  #document: ApprovedToolsDocument

  constructor(document: ApprovedToolsDocument = emptyApprovedToolsDocument()) {
    this.#document = document
  }

  get(serverId: string): ServerApprovals {
    return approvalsIn(this.#document, serverId)
  }

  apply(serverId: string, updates: ApprovalUpdates): void {
    this.#document = withUpdates(this.#document, serverId, updates)
  }

  forgetServer(serverId: string): void {
    this.#document = withoutServer(this.#document, serverId)
  }
}
