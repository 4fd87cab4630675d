import { useEffect, useState } from 'react'
import type { ResourceList } from '../../../shared/mcp/resources'
import type { HostAnswer } from '../app/host-answer'
import { ATTACHMENTS_LIMIT } from './resource-attachments-model'
import { useAppState } from '../app/store-context'
import { ResourceItem } from './resource-item'
import { ResourceTemplateItem } from './resource-template-item'

/** Lists the server's resources when opened, and again when the server says its list changed or on Retry. */
function ResourceBrowserBody({ serverId, serverName }: { serverId: string; serverName: string }) {
  const listResources = useAppState((state) => state.listResources)
  const revision = useAppState((state) => state.resourceListRevisions[serverId] ?? 0)
  const attachedCount = useAppState((state) => state.attachments.length)
  const [answer, setAnswer] = useState<HostAnswer<ResourceList> | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    void listResources(serverId).then((listed) => {
      if (current) setAnswer(listed)
    })
    return () => {
      current = false
    }
  }, [listResources, serverId, revision, attempt])

  if (answer === null) return <p className="hint disclosure-body">Listing resources…</p>
  if (!answer.ok) {
    return (
      <div className="disclosure-body">
        <p className="field-error selectable" role="alert">
          Could not list the resources of {serverName}: {answer.message}
        </p>
        <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
          Retry
        </button>
      </div>
    )
  }
  const { resources, templates } = answer.value
  if (resources.length === 0 && templates.length === 0) {
    return <p className="hint disclosure-body">{serverName} offers no resources.</p>
  }
  // Templates do not say whether their resources can be followed; the server's resources do.
  const subscribable = resources.some((resource) => resource.subscribable)
  return (
    <div className="disclosure-body resource-browser-body">
      <p className="hint" aria-live="polite">
        Attached resources go with your next message ({attachedCount} of {ATTACHMENTS_LIMIT}).
      </p>
      {resources.length > 0 && (
        <ul className="resource-list" aria-label={`Resources of ${serverName}`}>
          {resources.map((resource) => (
            <ResourceItem key={resource.uri} resource={resource} />
          ))}
        </ul>
      )}
      {templates.length > 0 && (
        <>
          <h4 className="server-card-subtitle">Templates</h4>
          <ul className="resource-list" aria-label={`Resource templates of ${serverName}`}>
            {templates.map((template, index) => (
              <ResourceTemplateItem
                key={template.uriTemplate}
                template={template}
                index={index}
                subscribable={subscribable}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/**
 * A connected server's resources and resource templates, behind a disclosure in its card: listed only
 * when opened (a server can hold thousands), each with Attach for the next message.
 */
export function ResourceBrowser({
  serverId,
  serverName,
  label = 'Resources',
}: {
  serverId: string
  serverName: string
  /** The disclosure's summary: "Resources" on a server's card, the server's name in the composer's menu. */
  label?: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <details
      className="disclosure resource-browser"
      data-testid="resource-browser"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{label}</summary>
      {open && <ResourceBrowserBody serverId={serverId} serverName={serverName} />}
    </details>
  )
}
