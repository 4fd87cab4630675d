import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client'
import type { AuditEntry } from '../../../shared/sampling/sampling-card'
import { REQUEST_TIMEOUT_CODE } from './sampling-errors'

/** How a failed request is recorded in the audit log, from the JSON-RPC error the server receives. */
export function outcomeOf(error: unknown): {
  outcome: AuditEntry['outcome']
  code?: number
  message: string
} {
  const message = error instanceof Error ? error.message : String(error)
  if (!(error instanceof ProtocolError)) return { outcome: 'error', message }
  const label = (error.data as { reason?: unknown } | undefined)?.reason
  switch (error.code) {
    case -1:
      if (label === 'rate limited') return { outcome: 'rate-limited', code: -1, message }
      if (label === 'budget exceeded') return { outcome: 'budget-exceeded', code: -1, message }
      return { outcome: 'denied', code: -1, message }
    case Number(ProtocolErrorCode.InvalidParams):
      return { outcome: 'invalid', code: error.code, message }
    case REQUEST_TIMEOUT_CODE:
      return { outcome: /stall/i.test(message) ? 'stalled' : 'cancelled', code: error.code, message }
    default:
      return { outcome: 'error', code: error.code, message }
  }
}
