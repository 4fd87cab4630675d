import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Page } from 'playwright-core'

/** The parts of an axe-core result this suite reads. */
export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[]; failureSummary?: string }>
}

const axeSource = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
)

/**
 * Rules that fail the suite whatever impact axe gives them: the issue names the missing `h1` and the
 * duplicate sidebar landmarks, which axe rates only moderate.
 */
const alwaysFailing = new Set(['page-has-heading-one', 'landmark-unique'])

/**
 * Runs axe-core on the page's whole document. The source goes in through `page.evaluate` rather than a
 * script tag: the app's Content-Security-Policy (script-src 'self') refuses inline scripts, and
 * evaluation from the test harness is outside the page's policy.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // The e2e tsconfig has no DOM library: the page's globals are reached through globalThis, typed here.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> }
      document: unknown
    }
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }))
  })
}

/** The violations this suite does not accept: serious or critical, and the rules in `alwaysFailing`. */
export function blocking(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter(
    (violation) =>
      violation.impact === 'serious' || violation.impact === 'critical' || alwaysFailing.has(violation.id),
  )
}

/** One readable block per violation: id, impact, and each failing node's selector and axe's summary. */
export function describeViolations(state: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${state}: no violations`
  const lines = [`${state}: ${violations.length} violation(s)`]
  for (const violation of violations) {
    lines.push(`  ${violation.id} [${violation.impact}] ${violation.help} (${violation.nodes.length} nodes)`)
    for (const node of violation.nodes) {
      lines.push(`    ${JSON.stringify(node.target)}`)
      if (node.failureSummary) lines.push(`      ${node.failureSummary.replace(/\n/g, '\n      ')}`)
    }
  }
  return lines.join('\n')
}
