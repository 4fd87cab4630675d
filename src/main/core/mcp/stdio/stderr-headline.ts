/**
 * Which line of a dead server's stderr says why it died. Servers log as they go ("starting", "loaded 3
 * tools"), so the first line is almost never the reason; the end of the output is, once the noise that
 * runtimes and package managers print after the real message is skipped:
 * - blank lines, and lines of only punctuation (Node's caret under the source line, a closing `}`);
 * - stack frames (`    at …` in Node and Java);
 * - Node's `Node.js v24.1.0` trailer and its `(Use \`node --trace-…\` …)` hint;
 * - npm's boilerplate: the "complete log of this run" footer, the "you can also install from a tarball"
 *   advice, and `npm error` lines with nothing after the prefix or a bare status code.
 * Among the last few lines left, the last one that reads as an error headline (`Error: boom`,
 * `ValueError: bad`, `TypeError [ERR_X]: …`, `panic: …`) wins, because Node prints an error's own properties
 * (`code: 'MODULE_NOT_FOUND'`, `}`) and a "Require stack" after its message; otherwise the last line left.
 */
const MAX_HEADLINE_CHARS = 300
/** How far back from the end an error headline is looked for: past one error's properties, no further. */
const ERROR_LOOKBACK_LINES = 10

// eslint-disable-next-line no-control-regex -- terminal colour codes are exactly what is being removed
const ANSI_ESCAPE = /\x1b\[[0-9;?]*[A-Za-z]/g

const NOISE: readonly RegExp[] = [
  /^at\s/, // a stack frame (the line is trimmed)
  /^Node\.js v\d/,
  /^\(Use `node --trace-/,
  /^[\p{P}\p{S}\s]*$/u, // carets, braces, rules of dashes
  /A complete log of this run can be found in/,
  /^npm (?:error|ERR!)(?:\s+\d{3})?\s*$/,
  /^npm (?:error|ERR!)(?:\s+\d{3})?\s+(?:Note that you can also install from a|tarball, folder, http url, or git url\.)/,
]

const ERROR_HEADLINE =
  /^(?:Uncaught\s+)?(?:[\w$.]*(?:Error|Exception)(?:\s*\[[\w.-]+\])?|panic|fatal error|FATAL)(?::|$)/

/** A line as a terminal would end up showing it: the last carriage-return redraw, without colour codes. */
function shown(line: string): string {
  const redraws = line.replace(ANSI_ESCAPE, '').split('\r')
  for (let index = redraws.length - 1; index >= 0; index -= 1) {
    const text = (redraws[index] ?? '').trim()
    if (text !== '') return text
  }
  return ''
}

/** The lines that carry meaning, in order (see the rules above). */
export function meaningfulStderrLines(stderrTail: string): string[] {
  return stderrTail
    .split('\n')
    .map(shown)
    .filter((line) => !NOISE.some((noise) => noise.test(line)))
}

/** The line that says why the server died, shortened to 300 characters; undefined when nothing does. */
export function stderrHeadline(stderrTail: string): string | undefined {
  const lines = meaningfulStderrLines(stderrTail)
  const recent = lines.slice(-ERROR_LOOKBACK_LINES)
  const line = recent.findLast((candidate) => ERROR_HEADLINE.test(candidate)) ?? recent.at(-1)
  if (line === undefined) return undefined
  return line.length > MAX_HEADLINE_CHARS ? `${line.slice(0, MAX_HEADLINE_CHARS)}…` : line
}
