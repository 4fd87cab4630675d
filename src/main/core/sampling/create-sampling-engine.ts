import { ApprovalQueue } from '../approvals/approval-queue'
import type { SettingsService } from '../config/settings-service'
import type { ProviderService } from '../models/provider-service'
import { SamplingAuditLog } from './audit-log'
import { SamplingRateLimiter } from './rate-limiter'
import { SamplingService, type SamplingEvents } from './sampling-service'

export interface SamplingEngine {
  service: SamplingService
  queue: ApprovalQueue
  audit: SamplingAuditLog
}

/** Sampling with its queue, audit log and limits, as the app, web mode and the CLI all serve it. */
export function createSamplingEngine(options: {
  settings: SettingsService
  providers: ProviderService
  auditDir: string
  canAsk?: () => boolean
  events?: SamplingEvents
  /** The conversation a server's sampling cards belong to (the one that last called its tools). */
  conversationFor?: (serverId: string) => string | undefined
  log?: (line: string) => void
}): SamplingEngine {
  const { settings } = options
  const queue = new ApprovalQueue()
  const audit = new SamplingAuditLog(options.auditDir)
  const limiter = new SamplingRateLimiter({
    maxConcurrent: () => settings.snapshot().sampling.maxConcurrentPerServer,
    maxPerMinute: () => settings.snapshot().sampling.maxPerMinutePerServer,
  })
  const service = new SamplingService({
    settings,
    providers: options.providers,
    queue,
    audit,
    limiter,
    ...(options.events ? { events: options.events } : {}),
    ...(options.canAsk ? { canAsk: options.canAsk } : {}),
    ...(options.conversationFor ? { conversationFor: options.conversationFor } : {}),
    ...(options.log ? { log: options.log } : {}),
  })
  return { service, queue, audit }
}
