import { describe, expect, it } from 'vitest'
import {
  evaluateSamplingGates,
  matchingRule,
  wildcardMatch,
  type SamplingAction,
} from '../../../../src/main/core/sampling/sampling-gates'

const POLICY_DENIED = 'sampling is denied for this server (policy)'
const ruleDenied = (pattern: string) => `sampling is denied by permission.mcp_sampling rule "${pattern}"`

function gate(
  policy: SamplingAction,
  ruleset: Record<string, SamplingAction>,
  serverName = 'notes',
  serverId = 'srv-1',
) {
  return evaluateSamplingGates({ policy, ruleset, serverId, serverName })
}

describe('evaluateSamplingGates', () => {
  // Every combination of policy and matching rule: the strictest wins (deny > ask > allow).
  it.each([
    ['allow', undefined, { action: 'allow' }],
    ['ask', undefined, { action: 'ask' }],
    ['deny', undefined, { action: 'deny', reason: POLICY_DENIED }],
    ['allow', 'allow', { action: 'allow' }],
    ['allow', 'ask', { action: 'ask' }],
    ['allow', 'deny', { action: 'deny', reason: ruleDenied('notes') }],
    ['ask', 'allow', { action: 'ask' }],
    ['ask', 'ask', { action: 'ask' }],
    ['ask', 'deny', { action: 'deny', reason: ruleDenied('notes') }],
    ['deny', 'allow', { action: 'deny', reason: POLICY_DENIED }],
    ['deny', 'ask', { action: 'deny', reason: POLICY_DENIED }],
    ['deny', 'deny', { action: 'deny', reason: POLICY_DENIED }],
  ] as const)('policy %s with rule %s → %o', (policy, rule, expected) => {
    expect(gate(policy, rule === undefined ? {} : { notes: rule })).toEqual(expected)
  })

  it('rules not matching the server leave the policy alone', () => {
    expect(gate('allow', { other: 'deny', 'note?': 'deny' })).toEqual({ action: 'allow' })
  })

  describe('{"*": "deny", "notes": "allow"}', () => {
    const ruleset = { '*': 'deny', notes: 'allow' } as const
    it.each([
      ['notes', 'allow', { action: 'allow' }],
      ['notes', 'ask', { action: 'ask' }],
      ['NOTES', 'allow', { action: 'allow' }],
      ['notes-2', 'allow', { action: 'deny', reason: ruleDenied('*') }],
      ['everything', 'allow', { action: 'deny', reason: ruleDenied('*') }],
      ['everything', 'ask', { action: 'deny', reason: ruleDenied('*') }],
    ] as const)('server %s with policy %s → %o', (name, policy, expected) => {
      expect(gate(policy, ruleset, name)).toEqual(expected)
    })
  })

  it('matches the server id as well as its name, case-insensitively', () => {
    expect(gate('allow', { 'SRV-*': 'deny' }, 'notes', 'srv-42')).toEqual({
      action: 'deny',
      reason: ruleDenied('SRV-*'),
    })
    expect(gate('allow', { '*': 'deny', 'srv-42': 'allow' }, 'notes', 'srv-42')).toEqual({ action: 'allow' })
  })
})

describe('matchingRule specificity', () => {
  it.each([
    // exact beats any wildcard
    [{ '*': 'deny', 'notes-mcp': 'allow', 'notes-*': 'ask' }, 'notes-mcp', 'notes-mcp'],
    // fewer wildcards beat a longer literal part
    [{ '*notes*': 'deny', 'notes-*': 'allow' }, 'notes-mcp', 'notes-*'],
    [{ '*-mcp*': 'allow', 'n*': 'deny' }, 'notes-mcp', 'n*'],
    // same wildcard count: the longer literal part wins
    [{ 'n*': 'deny', 'notes-*': 'allow' }, 'notes-mcp', 'notes-*'],
    [{ '*mcp': 'deny', '*s-mcp': 'allow' }, 'notes-mcp', '*s-mcp'],
    // a run of stars is one wildcard
    [{ 'n**s': 'allow', '*': 'deny' }, 'notes', 'n**s'],
  ] as const)('%o for %s picks %s', (ruleset, name, pattern) => {
    expect(matchingRule(ruleset, [name])?.pattern).toBe(pattern)
  })

  it('a full tie goes to the stricter action whatever the key order', () => {
    expect(matchingRule({ 'notes*': 'allow', '*notes': 'deny' }, ['notes'])?.action).toBe('deny')
    expect(matchingRule({ '*notes': 'deny', 'notes*': 'allow' }, ['notes'])?.action).toBe('deny')
    expect(matchingRule({ 'notes*': 'ask', '*notes': 'allow' }, ['notes'])?.action).toBe('ask')
  })

  it('no match → undefined', () => {
    expect(matchingRule({ github: 'deny' }, ['notes', 'id-1'])).toBeUndefined()
    expect(matchingRule({}, ['notes'])).toBeUndefined()
  })
})

describe('wildcardMatch', () => {
  it.each([
    ['*', '', true],
    ['*', 'anything', true],
    ['notes', 'notes', true],
    ['notes', 'notes2', false],
    ['notes*', 'notes', true],
    ['*notes', 'my-notes', true],
    ['n*s', 'notes', true],
    ['n*s', 'notes-x', false],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxcyyb', false],
    ['*a*', 'bab', true],
    ['**', 'x', true],
    // regex specials are literal
    ['a.b', 'a.b', true],
    ['a.b', 'axb', false],
    ['a+', 'aa', false],
    ['a+', 'a+', true],
    ['(x)|y', 'y', false],
    ['(x)|y', '(x)|y', true],
    ['[ab]', 'a', false],
    ['$^\\', '$^\\', true],
    ['a?', 'ab', false],
  ])('%s vs %s → %s', (pattern, subject, expected) => {
    expect(wildcardMatch(pattern, subject)).toBe(expected)
  })

  it('stays fast on patterns that make a backtracking regex explode', () => {
    const pattern = `${'a*'.repeat(30)}b`
    const subject = 'a'.repeat(5000)
    const started = performance.now()
    expect(wildcardMatch(pattern, subject)).toBe(false)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
