import { useId, useState } from 'react'
import type { ApprovalDecision, SamplingCard } from '../../../shared/sampling/sampling-card'
import { approvalDecision, hasEdits, noEdits, type RequestEdits } from './sampling-edits'
import { formatCost, formatCount } from './sampling-labels'
import { toolOfferProblem } from './offered-tools'
import { SamplingMessages } from './sampling-messages'
import { SamplingModelPicker } from './sampling-model-picker'
import { SamplingReceived } from './sampling-received'
import { SamplingRequestFacts } from './sampling-request-facts'
import { SamplingTools } from './sampling-tools'
import { SystemPromptPreview } from './system-prompt-preview'

function Estimate({ card, modelRef }: { card: SamplingCard; modelRef: string }) {
  const choice = card.model.eligible.find((candidate) => candidate.ref === modelRef)
  const cost = choice?.estimatedInputCost
  const { requests, inputTokens, outputTokens } = card.usageToday
  return (
    <dl className="sampling-estimate selectable" data-testid="sampling-estimate">
      <div>
        <dt>Input</dt>
        <dd>
          ≈ {formatCount(card.estimatedInputTokens)} tokens
          {cost !== undefined ? (
            <>
              {' · '}
              <span title={`Estimated cost of the input with ${choice?.displayName ?? modelRef}`}>
                {formatCost(cost)}
              </span>
            </>
          ) : (
            <span className="sampling-estimate-unknown"> · cost unknown (no pricing for this model)</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Today</dt>
        <dd>
          {formatCount(requests)} {requests === 1 ? 'request' : 'requests'},{' '}
          {formatCount(inputTokens + outputTokens)} tokens ({formatCount(inputTokens)} in,{' '}
          {formatCount(outputTokens)} out)
        </dd>
      </div>
    </dl>
  )
}

/**
 * The approval phase: what the server asks for, the model it will run on, and the decision. The user may
 * pick another eligible model, with Edit change the system prompt and the messages' text, and uncheck
 * tools to take them out of the offer first.
 */
export function SamplingApproval({
  card,
  busy,
  onDecide,
}: {
  card: SamplingCard
  busy: boolean
  onDecide: (decision: ApprovalDecision) => Promise<void>
}) {
  const id = useId()
  const [picked, setPicked] = useState(card.model.chosen)
  const [editing, setEditing] = useState(false)
  const [edits, setEdits] = useState<RequestEdits>(noEdits)
  const [removedTools, setRemovedTools] = useState<ReadonlySet<string>>(() => new Set())
  const eligible = card.model.eligible
  // A picked model that stopped being eligible (the host re-sent the card) falls back to the host's choice.
  const modelRef = eligible.some((choice) => choice.ref === picked) ? picked : card.model.chosen
  const edited = hasEdits(card, edits)
  const offerProblem = toolOfferProblem(card, removedTools)
  const cannotApprove = busy || eligible.length === 0 || offerProblem !== undefined

  const approve = (kind: 'approve' | 'approve-session' | 'always') =>
    void onDecide(approvalDecision(card, kind, modelRef, edits, removedTools))

  const toggleTool = (name: string, offered: boolean) =>
    setRemovedTools((previous) => {
      const next = new Set(previous)
      if (offered) next.delete(name)
      else next.add(name)
      return next
    })

  return (
    <div className="approval-card-body">
      <SamplingModelPicker id={id} card={card} value={modelRef} disabled={busy} onChange={setPicked} />
      <SamplingRequestFacts card={card} />
      <div className="sampling-edit-bar">
        <button
          type="button"
          className="button button--small"
          aria-pressed={editing}
          disabled={busy}
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Done editing' : 'Edit'}
        </button>
        {edited && (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              setEdits(noEdits)
              setEditing(false)
            }}
          >
            Revert edits
          </button>
        )}
        <span className="hint">{editing ? 'Changes are sent instead of the server’s text.' : ''}</span>
      </div>
      <SystemPromptPreview
        id={id}
        original={card.systemPrompt}
        draft={edits.systemPrompt}
        editing={editing}
        onChange={(systemPrompt) => setEdits((previous) => ({ ...previous, systemPrompt }))}
      />
      <SamplingMessages
        messages={card.messages}
        texts={edits.texts}
        editing={editing}
        onEdit={(key, text) =>
          setEdits((previous) => ({ ...previous, texts: { ...previous.texts, [key]: text } }))
        }
      />
      <SamplingTools id={id} card={card} removed={removedTools} disabled={busy} onToggle={toggleTool} />
      {offerProblem && (
        <p id={`${id}-offer-problem`} className="callout callout--warning selectable" role="alert">
          {offerProblem}
        </p>
      )}
      <SamplingReceived card={card} />
      <Estimate card={card} modelRef={modelRef} />
      <div className="approval-actions" role="group" aria-label="Decision">
        <button
          type="button"
          className="button button--primary"
          disabled={cannotApprove}
          aria-describedby={offerProblem ? `${id}-offer-problem` : undefined}
          onClick={() => approve('approve')}
        >
          Approve
        </button>
        <button
          type="button"
          className="button"
          disabled={cannotApprove}
          aria-describedby={offerProblem ? `${id}-offer-problem` : undefined}
          title={`Approve this request and any other from ${card.serverName} until MCP Desk quits`}
          onClick={() => approve('approve-session')}
        >
          Approve for this session
        </button>
        <button
          type="button"
          className="button"
          disabled={cannotApprove}
          aria-describedby={offerProblem ? `${id}-offer-problem` : undefined}
          title={`Approve, and set ${card.serverName}'s sampling policy to Allow: later requests run without asking`}
          onClick={() => approve('always')}
        >
          Always allow this server
        </button>
        <button
          type="button"
          className="button approval-deny"
          disabled={busy}
          onClick={() => void onDecide({ kind: 'deny' })}
        >
          Deny
        </button>
      </div>
    </div>
  )
}
