import { useState } from 'react'
import type { ResourceInfo } from '../../../shared/mcp/resources'
import { ATTACHMENTS_LIMIT, resourceFacts, sameResource } from './resource-attachments-model'
import { useAppState } from '../app/store-context'

/** One resource a server lists: what it is, and Attach (to the next message). */
export function ResourceItem({ resource }: { resource: ResourceInfo }) {
  const attachResource = useAppState((state) => state.attachResource)
  const attached = useAppState((state) => state.attachments.some((entry) => sameResource(entry, resource)))
  const full = useAppState((state) => state.attachments.length >= ATTACHMENTS_LIMIT)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = resource.title ?? resource.name
  const facts = resourceFacts(resource)

  const attach = async () => {
    setBusy(true)
    setError(null)
    const answer = await attachResource(resource)
    setBusy(false)
    if (!answer.ok) setError(answer.message)
  }

  return (
    <li className="resource-item" data-testid="resource-item">
      <div className="resource-item-head">
        <span className="resource-item-name selectable">{name}</span>
        {facts && <span className="resource-item-facts">{facts}</span>}
        {resource.subscribable && (
          <span className="badge" title="The server announces changes to this resource">
            follows changes
          </span>
        )}
        <button
          type="button"
          className="button button--small resource-item-action"
          aria-label={attached ? `${name} is attached` : `Attach ${name}`}
          disabled={busy || attached || full}
          title={
            full && !attached
              ? `At most ${ATTACHMENTS_LIMIT} resources go with one message`
              : 'Attach to the next message'
          }
          onClick={() => void attach()}
        >
          {attached ? 'Attached' : busy ? 'Attaching…' : 'Attach'}
        </button>
      </div>
      <code className="resource-item-uri selectable">{resource.uri}</code>
      {resource.description && <p className="resource-item-description selectable">{resource.description}</p>}
      {error && (
        <p className="field-error selectable" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
