import type { ToolAnnotations } from '../../../shared/mcp/server-state'

const badges: Array<{ hint: keyof ToolAnnotations; label: string; tone: string }> = [
  { hint: 'readOnlyHint', label: 'read-only', tone: 'calm' },
  { hint: 'destructiveHint', label: 'destructive', tone: 'danger' },
  { hint: 'idempotentHint', label: 'idempotent', tone: 'calm' },
  { hint: 'openWorldHint', label: 'open-world', tone: 'notice' },
]

/**
 * The hints a server declared for a tool, only those it set to true. They are the server's own claims,
 * which the tooltip says: a malicious server can call a destructive tool "read-only".
 */
export function ToolAnnotationBadges({ annotations }: { annotations: ToolAnnotations | undefined }) {
  const shown = badges.filter(({ hint }) => annotations?.[hint] === true)
  if (shown.length === 0) return null
  return (
    <span className="badges" aria-label="Annotations declared by the server">
      {shown.map(({ hint, label, tone }) => (
        <span
          key={hint}
          className={`badge badge--${tone}`}
          title={`${hint}: declared by the server, not verified`}
        >
          {label}
        </span>
      ))}
    </span>
  )
}
