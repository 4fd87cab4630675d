import type { ToolChange, ToolInfo } from '../../../../shared/mcp/server-state'
import type { ApprovalUpdates, ServerApprovals } from './approved-tools-store'
import { diffTools, fingerprintTool } from './tool-fingerprint'
import { NotSentError } from '../../tools/tool-call-outcome'

/** One listing of a server judged against what the user approved. */
export interface ToolReview {
  /** Tools whose current definition is the approved one: the only ones any model is shown or may call. */
  approved: ToolInfo[]
  /** Everything else (changed, added, removed since approval), for the user to accept. */
  pending: ToolChange[]
  /** Approvals to record now: the whole listing when it is trusted on first use. */
  record?: ApprovalUpdates
}

/**
 * Rug-pull guard: a server's first listing (nothing approved for it yet) is trusted on first use, unless the
 * store lost its baseline; after that only definitions identical to the approved ones are usable, and every
 * difference waits for the user. A server whose first listing is empty gets no entry, so its first tools
 * are the ones trusted.
 */
export function reviewTools(approvals: ServerApprovals, listed: readonly ToolInfo[]): ToolReview {
  if (approvals.tools === undefined && approvals.trustOnFirstUse) {
    if (listed.length === 0) return { approved: [], pending: [] }
    return {
      approved: [...listed],
      pending: [],
      record: new Map(listed.map((tool) => [tool.name, tool])),
    }
  }
  const baseline = approvals.tools ?? new Map<string, ToolInfo>()
  const judged = listed.map((tool) => withApprovedView(tool, baseline.get(tool.name)))
  const approved = judged.filter((tool) => {
    const accepted = baseline.get(tool.name)
    return accepted !== undefined && fingerprintTool(accepted) === fingerprintTool(tool)
  })
  const pending = diffTools([...baseline.values()], judged).map((change) =>
    change.after ? { ...change, afterFingerprint: fingerprintTool(change.after) } : change,
  )
  return { approved, pending }
}

/**
 * A view that could not be read this time (`viewError`, no facts) is judged by the approved view when the
 * tool still names the same resource: a transient failure is not a change. Opening it later reads it again
 * and serves it only if it is still the approved one (view-service.ts).
 */
function withApprovedView(tool: ToolInfo, accepted: ToolInfo | undefined): ToolInfo {
  const ui = tool.ui
  const approvedView = accepted?.ui?.view
  if (!ui || ui.view || ui.viewError === undefined || !approvedView) return tool
  if (accepted.ui?.resourceUri !== ui.resourceUri) return tool
  return { ...tool, ui: { ...ui, view: approvedView } }
}

/** One change the user accepted, as it was shown: the fingerprint of its new definition (null: a removal). */
export interface AcceptedChange {
  name: string
  fingerprint: string | null
}

/** Accepting something other than what is pending now (it changed again, or was never pending). */
export class StaleAcceptanceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StaleAcceptanceError'
  }
}

/**
 * The approvals that accept exactly the changes the user saw. All or nothing: if any of them no longer
 * matches what is pending (the server changed the tool again since it was shown), nothing is accepted.
 */
export function acceptanceUpdates(
  pending: readonly ToolChange[],
  accepted: readonly AcceptedChange[],
): ApprovalUpdates {
  const updates = new Map<string, ToolInfo | null>()
  for (const { name, fingerprint } of accepted) {
    const change = pending.find((candidate) => candidate.name === name)
    if (!change) throw new StaleAcceptanceError(`tool "${name}" has no change waiting for review`)
    const shown = change.after ? fingerprintTool(change.after) : null
    if (shown !== fingerprint) {
      throw new StaleAcceptanceError(
        `tool "${name}" changed again since it was shown; review it again before accepting`,
      )
    }
    updates.set(name, change.after ?? null)
  }
  return updates
}

/**
 * A call to a tool whose definition changed since the user approved it: refused before anything is written,
 * so it classifies as a `failed` call with `sent: false`, never as an unknown outcome.
 */
export class ToolNotApprovedError extends NotSentError {
  constructor(serverName: string, change: ToolChange) {
    super(toolNotApprovedMessage(serverName, change))
  }
}

/** Why a tool with a pending change may not be called, in words for the model and the user alike. */
export function toolNotApprovedMessage(serverName: string, change: ToolChange): string {
  const what = change.kind === 'added' ? 'is new' : 'changed its definition'
  return (
    `The tool "${change.name}" of MCP server "${serverName}" ${what} since the user approved this ` +
    "server's tools, so it was not called (nothing was sent). The user can review and accept the change " +
    'in the servers panel (or with `mcp-desk servers accept`).'
  )
}
