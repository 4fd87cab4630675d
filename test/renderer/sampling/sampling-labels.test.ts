// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  activityDetail,
  decisionText,
  failedAfterApproval,
  formatCost,
  formatDuration,
  formatWaited,
  hintMatchText,
  modelOptionText,
  nextWaitedChange,
  outcomeTone,
  stopSequenceText,
} from '../../../src/renderer/src/sampling/sampling-labels'

describe('sampling labels', () => {
  it('names what was decided as it happened: refused before running, edited before approving', () => {
    const refusedForModel = {
      decision: 'allowed' as const,
      outcome: 'invalid' as const,
      errorCode: -32602,
      message: 'MCP error -32602: no configured model can take this request: mock/a (does not accept images)',
    }
    expect(decisionText(refusedForModel)).toBe('refused: no configured model can take this request')
    expect(decisionText({ decision: 'allowed', outcome: 'rate-limited' })).toBe('refused: rate limited')
    expect(
      decisionText({ decision: 'allowed', outcome: 'invalid', message: 'params.maxTokens: required' }),
    ).toBe('refused: invalid request')
    expect(decisionText({ decision: 'allowed', outcome: 'completed' })).toBe('allowed (policy)')
    expect(decisionText({ decision: 'approved', outcome: 'completed', edited: true })).toBe(
      'edited, then approved',
    )
    expect(decisionText({ decision: 'approved', outcome: 'completed' })).toBe('approved')
  })

  it('names an answer cut off at its token limit in the Activity detail', () => {
    expect(activityDetail({ cutOff: true })).toBe('cut off at the request’s token limit')
    expect(activityDetail({})).toBe('')
  })

  it('says how long a card has waited in the largest sensible units', () => {
    expect(formatWaited(-50)).toBe('0 s')
    expect(formatWaited(5_400)).toBe('5 s')
    expect(formatWaited(59_999)).toBe('59 s')
    expect(formatWaited(60_000)).toBe('1 min')
    expect(formatWaited(3_599_000)).toBe('59 min')
    expect(formatWaited(3_600_000)).toBe('1 h')
    expect(formatWaited(3_900_000)).toBe('1 h 5 min')
    expect(formatWaited(90_000_000)).toBe('1 d 1 h')
  })

  it('wakes the waited-time timer exactly when the text would change', () => {
    expect(nextWaitedChange(5_400)).toBe(600)
    expect(nextWaitedChange(59_000)).toBe(1000)
    expect(nextWaitedChange(60_000)).toBe(60_000)
    expect(nextWaitedChange(61_500)).toBe(58_500)
  })

  it('formats durations and small costs so they stay readable', () => {
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(2_340)).toBe('2.3 s')
    expect(formatDuration(245_000)).toBe('4 min 5 s')
    expect(formatDuration(120_000)).toBe('2 min')
    expect(formatCost(0.0012)).toBe('$0.0012')
    expect(formatCost(0.00001)).toBe('under $0.0001')
    expect(formatCost(0)).toBe('$0')
    expect(formatCost(3.456)).toBe('$3.46')
  })

  it('names the matched hint in a model option', () => {
    const hints = ['claude', 'sonnet']
    expect(
      hintMatchText({ ref: 'a/b', displayName: 'B', matchedHint: { index: 1, kind: 'exact' } }, hints),
    ).toBe('matches “sonnet”')
    expect(
      modelOptionText({ ref: 'a/b', displayName: 'B', matchedHint: { index: 0, kind: 'substring' } }, hints),
    ).toBe('B · contains “claude”')
    expect(modelOptionText({ ref: 'a/b', displayName: 'B' }, hints)).toBe('B')
    expect(
      modelOptionText({ ref: 'a/b', displayName: 'P · B', unknowns: ['image support unknown'] }, hints),
    ).toBe('P · B · image support unknown')
    // An index the card's hint list does not have still says a hint matched, without inventing its name.
    expect(
      hintMatchText({ ref: 'a/b', displayName: 'B', matchedHint: { index: 5, kind: 'exact' } }, hints),
    ).toBe('matches a hint')
  })

  it('shows stop sequences with their escapes and tells failures from refusals', () => {
    expect(stopSequenceText('\n\n')).toBe('"\\n\\n"')
    expect(stopSequenceText('end ')).toBe('"end "')
    expect(outcomeTone('completed')).toBe('ok')
    expect(outcomeTone('stalled')).toBe('error')
    expect(outcomeTone('invalid')).toBe('error')
    expect(outcomeTone('rate-limited')).toBe('refused')
    expect(outcomeTone('cancelled')).toBe('neutral')
  })
})

describe('activityDetail', () => {
  it('says the error code once, whether or not the message repeats it', () => {
    expect(activityDetail({ errorCode: -32001, message: 'MCP error -32001: Request timed out' })).toBe(
      'code -32001: Request timed out',
    )
    expect(activityDetail({ errorCode: -32603, message: 'provider said: model overloaded' })).toBe(
      'code -32603: provider said: model overloaded',
    )
    expect(activityDetail({ errorCode: -1, message: 'MCP error -1: ' })).toBe('code -1')
    expect(activityDetail({ message: 'declined by the user' })).toBe('declined by the user')
    expect(activityDetail({})).toBe('')
  })

  it('says how many refusals a summed line stands for (issue 19)', () => {
    expect(activityDetail({ errorCode: -1, message: 'rate limited: limit 30 per minute', count: 412 })).toBe(
      '412 requests refused like this; the last: code -1: rate limited: limit 30 per minute',
    )
    expect(activityDetail({ count: 1, message: 'denied' })).toBe('denied')
  })
})

describe('failedAfterApproval', () => {
  it.each([
    { decision: 'approved', outcome: 'error', failed: true },
    { decision: 'approved-session', outcome: 'stalled', failed: true },
    { decision: 'approved', outcome: 'completed', failed: false },
    { decision: 'approved', outcome: 'cancelled', failed: false },
    { decision: 'approved', outcome: 'budget-exceeded', failed: false },
    { decision: 'allowed', outcome: 'error', failed: false },
    { decision: 'denied', outcome: 'denied', failed: false },
  ] as const)('$decision then $outcome → $failed', ({ decision, outcome, failed }) => {
    expect(failedAfterApproval({ decision, outcome })).toBe(failed)
  })
})
