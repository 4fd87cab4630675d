import type { ServerCrash } from './transcript-schema'

/**
 * What the window and the CLI say under an `unknown` result whose server crashed mid-call. The crash is
 * named because "no answer" alone reads like a network blip, and the user must judge whether the tool
 * acted before it died.
 */
export function crashedOutcomeExplanation(crash: Pick<ServerCrash, 'reason'>): string {
  return `Outcome unknown — the server crashed (${crash.reason}). It may or may not have done what was asked.`
}

/** The same, under a row that already says "Outcome unknown" (the window's tool-call row). */
export function crashedOutcomeDetail(crash: Pick<ServerCrash, 'reason'>): string {
  return `The server crashed (${crash.reason}). It may or may not have done what was asked.`
}
