import type { ServerStatus } from '../../../shared/mcp/server-state'
import { statusLabels } from './server-labels'

/**
 * The sidebar's and the card's status at a glance. Each status differs by shape as well as colour
 * (starting and connecting half-filled, disabled hollow), and the label is spoken and shown on hover, so
 * the colour alone never carries the meaning. Both pulse unless the user asked for reduced motion.
 */
export function ServerStatusDot({ status }: { status: ServerStatus }) {
  const label = statusLabels[status]
  return (
    <span
      className={`status-dot status-dot--${status}`}
      role="img"
      aria-label={label}
      title={label}
      data-status={status}
    />
  )
}
