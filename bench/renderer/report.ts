import type { TargetCheck } from '../benchmarks-md'
import type { RendererTranscriptResult, ScenarioResult } from './result'

/** The benchmark's section of BENCHMARKS.md, and its targets. */

const ms = (n: number): string => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`
const count = (n: number): string => String(Math.round(n))
const rate = (n: number): string => `${n.toFixed(0)}/s`

/** Median (min–max) of one figure over the runs. */
function spread(scenario: ScenarioResult, pick: (s: ScenarioResult['min']) => number, unit = ms): string {
  return `${unit(pick(scenario.median))} (${unit(pick(scenario.min))}–${unit(pick(scenario.max))})`
}

function row(scenario: ScenarioResult): string {
  const received =
    scenario.median.tokensPerSecond !== undefined
      ? spread(scenario, (s) => s.tokensPerSecond ?? 0, rate)
      : '—'
  return (
    `| ${scenario.label} | **${spread(scenario, (s) => s.longestFrameMs)}** | ` +
    `${spread(scenario, (s) => s.totalBlockingMs)} | ${spread(scenario, (s) => s.framesOver50, count)} | ` +
    `${spread(scenario, (s) => s.longestTaskMs)} | ${ms(scenario.median.medianFrameMs)} | ` +
    `${spread(scenario, (s) => s.elapsedMs)} | ${received} |`
  )
}

export function figuresTable(result: RendererTranscriptResult): string {
  return [
    '| scenario | longest frame | total blocking time | frames over 50 ms | longest task | median frame | elapsed | tokens received |',
    '|---|---|---|---|---|---|---|---|',
    ...result.scenarios.map(row),
  ].join('\n')
}

/** One target per measured scenario: no frame over 50 ms in any run (the idle control is not one). */
export function targetChecks(result: RendererTranscriptResult): TargetCheck[] {
  return result.scenarios
    .filter((scenario) => scenario.target)
    .map((scenario) => ({
      target: `${scenario.label}: no frame over ${result.targetMs} ms`,
      measured:
        `longest frame ${ms(scenario.max.longestFrameMs)} in the worst of ${scenario.runs.length} runs ` +
        `(median ${ms(scenario.median.longestFrameMs)})`,
      met: scenario.pass,
    }))
}

/** Paragraphs are single lines: BENCHMARKS.md keeps line breaks as written, and figures change lengths. */
export function markdownBody(result: RendererTranscriptResult): string {
  const { setup } = result
  const idle = result.scenarios.find((scenario) => scenario.id === 'idle')
  const open = result.scenarios.find((scenario) => scenario.id === 'open')
  const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`
  const setupText = [
    `Chromium ${setup.browser} headless (playwright-core on Debian's Chromium, as the e2e suite runs it) on the`,
    `built web mode, ${setup.viewport.width}×${setup.viewport.height}; ${setup.runs} runs, each with a fresh`,
    'profile, app and browser; median (min–max) over the runs. The long transcript:',
    `${setup.messages.toLocaleString('en-US')} messages (${setup.records.toLocaleString('en-US')} records,`,
    `${mib(setup.transcriptBytes)}) written with the app's TranscriptStore — questions, markdown answers with`,
    'lists, tables and highlighted code, tool calls with their results. The stream:',
    `${setup.streamTokens.toLocaleString('en-US')} tokens at ${setup.tokensPerSecond} tokens/s from the mock`,
    'OpenAI provider, one token per SSE chunk, into a chat turn sent from the composer.',
  ].join(' ')
  const methodText = [
    'Longest frame and frames over 50 ms are gaps between requestAnimationFrame callbacks in the page; total',
    'blocking time is the sum over Long Tasks (PerformanceObserver `longtask`) of their time past 50 ms; elapsed',
    'is from the click until the last message shows at the end of the transcript (open) or from the first',
    'streamed text until the recorded answer replaced it (streams). The window opens a conversation with its',
    'newest 200 records (`chat:open` with a tail) and then joins the older ones in front, page by page',
    '(`chat:records`, at most 500 records and 256 KiB each); the open row records until every page has been',
    ...(open?.median.loadedMs !== undefined
      ? [`joined (median ${ms(open.median.loadedMs)} after the click) and one second more.`]
      : ['joined, and one second more.']),
    "Two rows are controls, not held to the target: the opened page doing nothing (the machine's own noise),",
    'and a blank page in the same browser receiving the whole transcript as one `chat:open` answer (one',
    `WebSocket message of ${mib(setup.wholeTranscriptMessageBytes)}) and parsing it, which is how the window`,
    "opened a conversation before it paged: Chromium decodes a message on the page's main thread, so that one",
    'frame could not be avoided without paging.',
    ...(idle && !idle.pass
      ? [
          `In this run the idle page itself had a frame of ${ms(idle.max.longestFrameMs)}: the machine was busy`,
          'with other work, so frames over the target elsewhere may be its noise too.',
        ]
      : []),
    'The transcript is virtualised (src/renderer/src/chat/transcript.tsx): only the rows near the viewport',
    'are mounted.',
  ].join(' ')
  return [setupText, figuresTable(result), methodText].join('\n\n')
}
