// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  buildSamplingPatch,
  samplingSettingsForm,
} from '../../../src/renderer/src/sampling/sampling-settings-form'
import { samplingSettingsSchema } from '../../../src/shared/settings/settings-schema'

describe('sampling settings form', () => {
  it('shows the timeout in seconds and sends it in milliseconds', () => {
    const form = samplingSettingsForm(samplingSettingsSchema.parse({ approvalTimeoutMs: 1500 }))
    expect(form).toEqual({
      approvalTimeoutSeconds: '1.5',
      reviewCompletion: false,
      maxConcurrentPerServer: '4',
      maxPerMinutePerServer: '30',
      maxToolLoopRounds: '20',
    })
    expect(buildSamplingPatch({ ...form, approvalTimeoutSeconds: ' 45 ' })).toEqual({
      ok: true,
      patch: {
        approvalTimeoutMs: 45_000,
        reviewCompletion: false,
        maxConcurrentPerServer: 4,
        maxPerMinutePerServer: 30,
        maxToolLoopRounds: 20,
      },
    })
  })

  it('names each bad field, including an empty one', () => {
    expect(
      buildSamplingPatch({
        approvalTimeoutSeconds: '',
        reviewCompletion: true,
        maxConcurrentPerServer: '101',
        maxPerMinutePerServer: 'x',
        maxToolLoopRounds: '1001',
      }),
    ).toEqual({
      ok: false,
      errors: {
        approvalTimeoutSeconds: 'enter a number of seconds, 0 or more (0 waits indefinitely)',
        maxConcurrentPerServer: 'enter a whole number from 1 to 100',
        maxPerMinutePerServer: 'enter a whole number from 1 to 10000',
        maxToolLoopRounds: 'enter a whole number from 1 to 1000',
      },
    })
  })
})
