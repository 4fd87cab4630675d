import type { ToolUi, ViewCsp } from '../../../shared/apps/view-schema'
import type { ToolInfo } from '../../../shared/mcp/server-state'
import { formatBytes } from '../models/model-labels'

function callers(ui: ToolUi | undefined): string {
  const visibility = ui?.visibility
  if (!visibility) return 'the model and its views'
  if (visibility.length === 0) return 'nobody'
  return visibility.map((who) => (who === 'model' ? 'the model' : 'its views')).join(' and ')
}

function domains(csp: ViewCsp | undefined): string {
  const all = [
    ...(csp?.connectDomains ?? []).map((domain) => `connect ${domain}`),
    ...(csp?.resourceDomains ?? []).map((domain) => `load ${domain}`),
    ...(csp?.frameDomains ?? []).map((domain) => `frame ${domain}`),
    ...(csp?.baseUriDomains ?? []).map((domain) => `base ${domain}`),
  ]
  return all.length === 0 ? 'none' : all.join(', ')
}

function facts(tool: ToolInfo | undefined): Array<[string, string]> {
  const ui = tool?.ui
  const view = ui?.view
  return [
    ['View resource', ui?.resourceUri ?? 'none'],
    ['Who may call', callers(ui)],
    ['HTML size', view ? formatBytes(view.bytes) : '—'],
    ['Fingerprint', view ? view.fingerprint.slice(0, 12) : '—'],
    ['Domains (CSP)', view ? domains(view.csp) : '—'],
  ]
}

/** A tool's view before and after a change ('ui' field): what the user approves before it runs again. */
export function ViewChangeDetails({
  before,
  after,
}: {
  before?: ToolInfo | undefined
  after?: ToolInfo | undefined
}) {
  const old = facts(before)
  const next = facts(after)
  return (
    <div className="view-change" role="group" aria-label="View before and after" data-testid="view-change">
      <dl className="view-change-facts selectable">
        <dt />
        <dd className="before-after-label">Before</dd>
        <dd className="before-after-label">After</dd>
        {old.map(([label, value], index) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
            <dd className={value === next[index]![1] ? undefined : 'view-change-differs'}>
              {next[index]![1]}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
