import { samplingSettingsSchema, type SamplingSettings } from '../../../shared/settings/settings-schema'
import type { FieldErrors } from '../ui/value-rows-model'

/**
 * The Settings panel's sampling group as typed (numbers as text, so a half-typed value is not lost) and
 * its translation to the `sampling:update-settings` patch, checked with the host's own schema.
 */
export interface SamplingSettingsForm {
  /** Seconds; 0 waits for the user indefinitely. */
  approvalTimeoutSeconds: string
  reviewCompletion: boolean
  maxConcurrentPerServer: string
  maxPerMinutePerServer: string
  /** Rounds of one server's tool loop before the next is refused. */
  maxToolLoopRounds: string
}

type EditableKey =
  | 'approvalTimeoutMs'
  | 'reviewCompletion'
  | 'maxConcurrentPerServer'
  | 'maxPerMinutePerServer'
  | 'maxToolLoopRounds'
export type SamplingSettingsPatch = Pick<SamplingSettings, EditableKey>

const fieldOf: Record<EditableKey, keyof SamplingSettingsForm> = {
  approvalTimeoutMs: 'approvalTimeoutSeconds',
  reviewCompletion: 'reviewCompletion',
  maxConcurrentPerServer: 'maxConcurrentPerServer',
  maxPerMinutePerServer: 'maxPerMinutePerServer',
  maxToolLoopRounds: 'maxToolLoopRounds',
}

export function samplingSettingsForm(settings: SamplingSettings): SamplingSettingsForm {
  return {
    approvalTimeoutSeconds: String(settings.approvalTimeoutMs / 1000),
    reviewCompletion: settings.reviewCompletion,
    maxConcurrentPerServer: String(settings.maxConcurrentPerServer),
    maxPerMinutePerServer: String(settings.maxPerMinutePerServer),
    maxToolLoopRounds: String(settings.maxToolLoopRounds),
  }
}

/** A number typed as text, or NaN when it is not one (an empty field is not 0). */
function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim())
}

function wholeIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max
}

/** The patch to send, or the problems to show beside their fields (the host's schema has the last word). */
export function buildSamplingPatch(
  form: SamplingSettingsForm,
): { ok: true; patch: SamplingSettingsPatch } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const seconds = typedNumber(form.approvalTimeoutSeconds)
  const concurrent = typedNumber(form.maxConcurrentPerServer)
  const perMinute = typedNumber(form.maxPerMinutePerServer)
  const toolLoopRounds = typedNumber(form.maxToolLoopRounds)
  if (!Number.isFinite(seconds) || seconds < 0) {
    errors.approvalTimeoutSeconds = 'enter a number of seconds, 0 or more (0 waits indefinitely)'
  }
  if (!wholeIn(concurrent, 1, 100)) errors.maxConcurrentPerServer = 'enter a whole number from 1 to 100'
  if (!wholeIn(perMinute, 1, 10_000)) errors.maxPerMinutePerServer = 'enter a whole number from 1 to 10000'
  if (!wholeIn(toolLoopRounds, 1, 1000)) errors.maxToolLoopRounds = 'enter a whole number from 1 to 1000'
  const patch: SamplingSettingsPatch = {
    approvalTimeoutMs: Math.round(seconds * 1000),
    reviewCompletion: form.reviewCompletion,
    maxConcurrentPerServer: concurrent,
    maxPerMinutePerServer: perMinute,
    maxToolLoopRounds: toolLoopRounds,
  }
  const parsed = samplingSettingsSchema.partial().safeParse(patch)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as EditableKey | undefined
      const field = key && key in fieldOf ? fieldOf[key] : 'form'
      errors[field] ??= issue.message
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch }
}
