import { useState } from 'react'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { isElicitationWaiting, type ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { useAppState } from '../app/store-context'

/** One server's requests in the drawer that a single decision can answer. */
export interface ServerBatch {
  serverId: string
  serverName: string
  /** Sampling cards waiting for approval (not review: a completion is read before it goes back). */
  sampling: string[]
  toolCalls: string[]
  /** Open questions: a bulk deny declines them; they cannot be approved without their answers. */
  questions: string[]
}

/** The drawer's requests grouped by server, for servers with more than one waiting. */
export function serverBatches(
  sampling: readonly SamplingCard[],
  toolCalls: readonly ToolCallCard[],
  elicitations: readonly ElicitationCard[],
): ServerBatch[] {
  const batches = new Map<string, ServerBatch>()
  const batchOf = (serverId: string, serverName: string): ServerBatch => {
    let batch = batches.get(serverId)
    if (!batch) {
      batch = { serverId, serverName, sampling: [], toolCalls: [], questions: [] }
      batches.set(serverId, batch)
    }
    return batch
  }
  for (const card of sampling)
    if (card.phase === 'approval') batchOf(card.serverId, card.serverName).sampling.push(card.id)
  for (const card of toolCalls) batchOf(card.serverId, card.serverName).toolCalls.push(card.id)
  for (const card of elicitations.filter(isElicitationWaiting)) {
    batchOf(card.serverId, card.serverName).questions.push(card.id)
  }
  return [...batches.values()].filter(
    (batch) => batch.sampling.length + batch.toolCalls.length + batch.questions.length > 1,
  )
}

function BatchRow({ batch }: { batch: ServerBatch }) {
  const decideApproval = useAppState((state) => state.decideApproval)
  const decideToolCall = useAppState((state) => state.decideToolCall)
  const answerElicitation = useAppState((state) => state.answerElicitation)
  const [busy, setBusy] = useState(false)
  const approvable = batch.sampling.length + batch.toolCalls.length
  const all = approvable + batch.questions.length

  const run = async (decisions: Array<Promise<unknown>>) => {
    setBusy(true)
    await Promise.allSettled(decisions)
    setBusy(false)
  }
  const approveAll = () =>
    run([
      ...batch.sampling.map((id) => decideApproval(id, { kind: 'approve' })),
      ...batch.toolCalls.map((id) => decideToolCall(id, 'approve')),
    ])
  const denyAll = () =>
    run([
      ...batch.sampling.map((id) => decideApproval(id, { kind: 'deny' })),
      ...batch.toolCalls.map((id) => decideToolCall(id, 'deny')),
      ...batch.questions.map((id) => answerElicitation(id, 'decline')),
    ])

  return (
    <li className="approval-batch" data-testid={`approval-batch-${batch.serverId}`}>
      <span className="approval-batch-name">
        <strong>{batch.serverName}</strong>: {all} waiting
      </span>
      {approvable > 0 && (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => void approveAll()}
        >
          {approvable === all ? `Approve all ${all}` : `Approve ${approvable} (not the questions)`}
        </button>
      )}
      <button
        type="button"
        className="button button--small button--danger"
        disabled={busy}
        onClick={() => void denyAll()}
      >
        Deny all {all}
      </button>
    </li>
  )
}

/**
 * Per server with more than one request in the drawer: approve them all (sampling requests as they are, with
 * their chosen model; tool calls once each) or deny them all (questions declined). Questions are never
 * approved in bulk: they need the user's answers.
 */
export function ApprovalBatches({ batches }: { batches: readonly ServerBatch[] }) {
  if (batches.length === 0) return null
  return (
    <ul className="approval-batches" aria-label="Answer by server" data-testid="approval-batches">
      {batches.map((batch) => (
        <BatchRow key={batch.serverId} batch={batch} />
      ))}
    </ul>
  )
}
