import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { openAppInChromium } from '../../test/e2e/support/app-in-chromium'
import { mockProviderHome } from '../../test/e2e/support/mock-provider-home'
import { builtCli } from '../../test/e2e/support/web-mode-process'
import { startMockOpenAI } from '../../test/fixtures/mock-openai'
import { FRAME_BUDGET_MS, type FrameFigures } from './frame-figures'
import { writeLongTranscript } from './long-transcript'
import { scenarioResult, type RendererTranscriptResult } from './result'
import {
  measureIdle,
  measureOpen,
  measureStream,
  openNewConversation,
  SETTLE_MS,
  type OpenRun,
  type StreamRun,
} from './scenarios'
import { streamedAnswerTokens } from './streamed-answer'
import { measureTransfer, wholeTranscriptFrame } from './transfer-control'

export interface RendererBenchOptions {
  runs: number
  messages: number
  streamTokens: number
  tokensPerSecond: number
  /** Build the app first (as the e2e suite does), so the page is the current code; else use out/ as it is. */
  build: boolean
  /** Where the first run saves its screenshots of the opened transcript; none when absent. */
  screenshotDir?: string
  log?: (line: string) => void
}

const VIEWPORT = { width: 1400, height: 1000 }
const IDLE_MS = 3000
const repoRoot = resolve(import.meta.dirname, '../..')

function buildApp(log: (line: string) => void): void {
  log('building the app (electron-vite build)…')
  const result = spawnSync(join(repoRoot, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`electron-vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
}

/**
 * Page script: scrolls the transcript to `where` (a fraction of its height, 1 for the end) and resolves
 * once no spacer is in view, i.e. the rows there are mounted (in a deferred render, after the scroll event).
 */
function scrollTranscript(where: number): string {
  return `(() => {
    const transcript = document.querySelector('[data-testid="transcript"]')
    transcript.scrollTop = Math.floor(transcript.scrollHeight * ${where})
    const filled = () => {
      const view = transcript.getBoundingClientRect()
      return [...transcript.querySelectorAll('.chat-items-space')].every((space) => {
        const box = space.getBoundingClientRect()
        return box.bottom <= view.top || box.top >= view.bottom
      })
    }
    return new Promise((done, fail) => {
      const deadline = performance.now() + 5000
      const poll = () => {
        if (filled()) requestAnimationFrame(() => done())
        else if (performance.now() > deadline) fail(new Error('the transcript shows a gap after scrolling'))
        else requestAnimationFrame(poll)
      }
      requestAnimationFrame(poll)
    })
  })()`
}

/** The opened transcript at its end (as it opens) and scrolled to its middle (rows mounted on scroll). */
async function screenshots(page: Page, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true })
  const end = join(dir, 'renderer-bench-transcript-end.png')
  await page.screenshot({ path: end, animations: 'disabled' })
  await page.evaluate(scrollTranscript(0.5))
  const middle = join(dir, 'renderer-bench-transcript-middle.png')
  await page.screenshot({ path: middle, animations: 'disabled' })
  await page.evaluate(scrollTranscript(1))
  return [end, middle]
}

/**
 * The renderer benchmark: the built web mode (`mcp-desk web`, as e2e starts it) on a profile holding a
 * `messages`-row conversation written with the app's TranscriptStore, in headless Chromium. Each run starts
 * a fresh copy of the profile, app and browser, then measures opening the long conversation, the page
 * idle (control), a stream of `streamTokens` at `tokensPerSecond` into the long conversation and the same
 * stream into a new empty one (what the long transcript costs the stream), and a blank page receiving
 * the bytes of the open answer (control: the open's floor).
 */
export async function runRendererBenchmark(options: RendererBenchOptions): Promise<RendererTranscriptResult> {
  const log = options.log ?? (() => {})
  if (options.build) buildApp(log)
  if (!existsSync(builtCli) || !existsSync(join(repoRoot, 'out/renderer/index.html'))) {
    throw new Error('the renderer benchmark runs the built app: run "npx electron-vite build" first')
  }
  const mock = await startMockOpenAI({ models: ['mock-model'] })
  const template = mockProviderHome('renderer-bench', mock.url, [])
  const tokens = streamedAnswerTokens(options.streamTokens)
  const idles: FrameFigures[] = []
  const transfers: FrameFigures[] = []
  const opens: OpenRun[] = []
  const streams: StreamRun[] = []
  const emptyStreams: StreamRun[] = []
  let browser = 'unknown'
  try {
    const transcript = writeLongTranscript(join(template, 'transcripts'), options.messages)
    const wholeAnswer = wholeTranscriptFrame({
      meta: { id: transcript.id, title: transcript.title, model: 'mock/mock-model' },
      records: transcript.loaded,
    })
    log(
      `transcript: ${transcript.messages} messages, ${transcript.records} records, ` +
        `${(transcript.bytes / 1024 / 1024).toFixed(2)} MiB`,
    )
    for (let run = 0; run < options.runs; run++) {
      const home = mkdtempSync(join(tmpdir(), 'mcp-desk-bench-renderer-'))
      cpSync(template, home, { recursive: true })
      const session = await openAppInChromium(home, { ...VIEWPORT, colorScheme: 'light' })
      try {
        browser = session.browser.version()
        const open = await measureOpen(session.page, transcript.title)
        opens.push(open)
        idles.push(await measureIdle(session.page, IDLE_MS))
        if (run === 0 && options.screenshotDir) {
          for (const file of await screenshots(session.page, options.screenshotDir))
            log(`screenshot: ${file}`)
        }
        const stream = await measureStream(session.page, mock, tokens, options.tokensPerSecond)
        streams.push(stream)
        await openNewConversation(session.page)
        const empty = await measureStream(session.page, mock, tokens, options.tokensPerSecond)
        emptyStreams.push(empty)
        const transfer = await measureTransfer(session.browser, wholeAnswer, SETTLE_MS)
        transfers.push(transfer)
        log(
          `run ${run + 1}/${options.runs}: longest frame idle ${idles.at(-1)?.longestFrameMs.toFixed(0)} ms, ` +
            `transfer ${transfer.longestFrameMs.toFixed(0)} ms, open ${open.longestFrameMs.toFixed(0)} ms, ` +
            `stream ${stream.longestFrameMs.toFixed(0)} ms, empty stream ${empty.longestFrameMs.toFixed(0)} ms, ` +
            `load average ${loadavg()[0]?.toFixed(1)}`,
        )
        if (session.consoleProblems.length > 0) {
          log(`page console problems: ${session.consoleProblems.slice(0, 5).join(' | ')}`)
        }
      } finally {
        await session.close()
        rmSync(home, { recursive: true, force: true })
      }
    }
    const scenarios = [
      scenarioResult('idle', idles),
      scenarioResult('transfer', transfers),
      scenarioResult('open', opens),
      scenarioResult('stream', streams),
      scenarioResult('stream-empty', emptyStreams),
    ]
    return {
      benchmark: 'renderer-transcript',
      date: new Date().toISOString(),
      setup: {
        messages: transcript.messages,
        records: transcript.records,
        transcriptBytes: transcript.bytes,
        wholeTranscriptMessageBytes: Buffer.byteLength(wholeAnswer),
        streamTokens: tokens.length,
        tokensPerSecond: options.tokensPerSecond,
        viewport: VIEWPORT,
        browser,
        runs: options.runs,
      },
      targetMs: FRAME_BUDGET_MS,
      scenarios,
      pass: scenarios.every((scenario) => scenario.pass || !scenario.target),
    }
  } finally {
    await mock.close()
    rmSync(template, { recursive: true, force: true })
  }
}
