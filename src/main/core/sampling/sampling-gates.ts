/**
 * The two gates a `sampling/createMessage` request passes before anything else happens: the server's own
 * `sampling` policy and the `permission.mcp_sampling` ruleset. Pure, so the whole decision table is tested
 * without a server.
 */

export type SamplingAction = 'deny' | 'ask' | 'allow'

export interface SamplingGateInput {
  /** The server's `sampling` setting. */
  policy: SamplingAction
  /** `permission.mcp_sampling`: pattern → action, patterns matched against the server's name and id. */
  ruleset: Record<string, SamplingAction>
  serverId: string
  serverName: string
}

export type SamplingGateResult = { action: 'deny'; reason: string } | { action: 'ask' } | { action: 'allow' }

export const POLICY_DENIED_REASON = 'sampling is denied for this server (policy)'

/**
 * Combines the two gates; the strictest wins (deny > ask > allow):
 * - Either gate saying deny denies without asking anyone, and the reason names the control that denied
 *   (the policy when both deny, since it is the server's own setting and the first place a user looks).
 * - The ruleset is evaluated even when the policy is allow, so a global `{"*": "deny"}` shuts every server
 *   off whatever its policy says.
 * - An "ask" from either gate makes an "allow" from the other ask: a rule is how a user puts a server back
 *   under review without editing each server, and a server's "ask" should not be silently lifted by a broad
 *   `"*": "allow"` rule either.
 * - No matching rule leaves the policy alone.
 */
export function evaluateSamplingGates(input: SamplingGateInput): SamplingGateResult {
  const rule = matchingRule(input.ruleset, [input.serverName, input.serverId])
  if (input.policy === 'deny') return { action: 'deny', reason: POLICY_DENIED_REASON }
  if (rule?.action === 'deny') {
    return { action: 'deny', reason: `sampling is denied by permission.mcp_sampling rule "${rule.pattern}"` }
  }
  if (input.policy === 'ask' || rule?.action === 'ask') return { action: 'ask' }
  return { action: 'allow' }
}

export interface MatchedRule {
  pattern: string
  action: SamplingAction
}

const STRICTNESS: Record<SamplingAction, number> = { allow: 0, ask: 1, deny: 2 }

/**
 * The most specific rule whose pattern matches any of `subjects` (case-insensitive). Specificity, compared
 * in this order:
 * 1. fewer wildcards (a pattern without `*` is an exact name and beats every wildcard; a run like `**`
 *    counts as one wildcard, since it matches exactly what `*` does);
 * 2. a longer literal part (the characters other than `*`), so `notes-*` beats `n*`;
 * 3. on a full tie between different patterns (`notes*` and `*notes` both matching "notes"), the stricter
 *    action, so the order of keys in the settings file never loosens a decision.
 */
export function matchingRule(
  ruleset: Record<string, SamplingAction>,
  subjects: string[],
): MatchedRule | undefined {
  const lowered = subjects.map((subject) => subject.toLowerCase())
  let best: { rule: MatchedRule; wildcards: number; literal: number } | undefined
  for (const [pattern, action] of Object.entries(ruleset)) {
    const normalized = collapseWildcards(pattern.toLowerCase())
    if (!lowered.some((subject) => wildcardMatch(normalized, subject))) continue
    const wildcards = countWildcards(normalized)
    const literal = normalized.length - wildcards
    const candidate = { rule: { pattern, action }, wildcards, literal }
    if (best === undefined || moreSpecific(candidate, best)) best = candidate
  }
  return best?.rule
}

function moreSpecific(
  a: { rule: MatchedRule; wildcards: number; literal: number },
  b: { rule: MatchedRule; wildcards: number; literal: number },
): boolean {
  if (a.wildcards !== b.wildcards) return a.wildcards < b.wildcards
  if (a.literal !== b.literal) return a.literal > b.literal
  return STRICTNESS[a.rule.action] > STRICTNESS[b.rule.action]
}

function collapseWildcards(pattern: string): string {
  return pattern.replace(/\*+/g, '*')
}

function countWildcards(pattern: string): number {
  return pattern.split('*').length - 1
}

/**
 * `*` matches any run of characters (also none); every other character, regex specials included, matches
 * itself. A two-pointer glob match instead of a generated RegExp: no escaping to get wrong, and linear-ish
 * time whatever the pattern, where a regex like `^a.*a.*a.*b$` can backtrack exponentially on a long name.
 */
export function wildcardMatch(pattern: string, subject: string): boolean {
  let p = 0
  let s = 0
  let starAt = -1
  let resumeAt = 0
  while (s < subject.length) {
    if (p < pattern.length && pattern[p] === '*') {
      starAt = p++
      resumeAt = s
    } else if (p < pattern.length && pattern[p] === subject[s]) {
      p++
      s++
    } else if (starAt !== -1) {
      p = starAt + 1
      s = ++resumeAt
    } else {
      return false
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++
  return p === pattern.length
}
