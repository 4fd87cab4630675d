import { resourceFacts, type AttachedResource } from './resource-attachments-model'
import { useAppState } from '../app/store-context'

function followNote(attached: AttachedResource): string {
  if (attached.following) return 'Changes are followed until the message is sent.'
  if (attached.followError) return `Changes are not followed: ${attached.followError}`
  return 'The server does not announce changes to it.'
}

/**
 * A resource going with the next message: its name, type and size when known, and a "changed" badge once
 * its server says it changed (the content read when the message goes is the current one).
 */
export function ResourceAttachmentChip({
  attached,
  onRemoved,
}: {
  attached: AttachedResource
  onRemoved: () => void
}) {
  const detachResource = useAppState((state) => state.detachResource)
  const facts = resourceFacts(attached)
  return (
    <li
      className="composer-chip composer-chip--resource"
      data-testid="resource-chip"
      title={`${attached.uri} from ${attached.serverName}. ${followNote(attached)}`}
    >
      <span className="composer-chip-summary">
        <span className="composer-chip-kind">Resource:</span>{' '}
        <span className="composer-chip-name selectable">{attached.name}</span>
        {facts && <span className="composer-chip-facts"> · {facts}</span>}
      </span>
      {attached.changed && (
        <span
          className="badge badge--notice"
          data-testid="resource-changed"
          title="The server changed this resource after you attached it; its current content is sent"
        >
          changed
        </span>
      )}
      {attached.followError && (
        <span className="badge" title={followNote(attached)}>
          not followed
        </span>
      )}
      <button
        type="button"
        className="composer-chip-remove"
        aria-label={`Remove resource ${attached.name}`}
        title="Remove"
        onClick={() => {
          detachResource(attached.serverId, attached.uri)
          onRemoved()
        }}
      >
        ×
      </button>
    </li>
  )
}
