import type { Page } from 'playwright-core'

/**
 * What the page recorded between `start` and `stop`, in page milliseconds (performance.now()).
 *
 * How frames are measured, and why this way: headless Chromium (the "new" headless, which is the full
 * browser without a window) runs the compositor and its 60 Hz begin-frame clock as a headed one does, so
 * requestAnimationFrame fires once per frame and the gap between two callbacks' frame times is how long that
 * frame took to come; a main thread busy for 300 ms shows up as one ~300 ms gap. The rAF gaps give the
 * longest frame and the frames over 50 ms. Total blocking time uses the Long Tasks API (PerformanceObserver
 * 'longtask', supported in headless Chromium): the sum of each task's time past 50 ms, the same definition
 * Lighthouse uses. Long Animation Frames ('long-animation-frame', Chromium 123+) are recorded as a cross-check
 * because, unlike long tasks, they include the style, layout and paint work of the frame. CDP Tracing would
 * give the same facts with far more moving parts (a trace to parse, a browser-wide recorder that adds
 * overhead); the in-page observers are standard APIs whose entries map one-to-one to the figures reported.
 *
 * The probe is installed as a plain script string, not a function: page.evaluate serialises a function's
 * source, and tsx's transform can add helpers to it (e.g. `__name`) that do not exist in the page.
 */
export interface FrameRecording {
  startedAt: number
  stoppedAt: number
  /** Frame times of every rAF callback, in order. */
  frameTimes: number[]
  longTasks: Array<{ start: number; duration: number }>
  longAnimationFrames: Array<{ start: number; duration: number; blockingDuration: number }>
  /** False when this Chromium has no Long Animation Frames API. */
  loafSupported: boolean
}

const PROBE_SOURCE = `(() => {
  if (window.__benchFrameProbe) return
  let recording = null
  window.__benchFrameProbe = {
    start() {
      const rec = {
        startedAt: performance.now(),
        frameTimes: [],
        longTasks: [],
        longAnimationFrames: [],
        loafSupported: PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'),
        observers: [],
        running: true,
      }
      const tick = (time) => {
        if (!rec.running) return
        rec.frameTimes.push(time)
        requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
      const tasks = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) rec.longTasks.push({ start: entry.startTime, duration: entry.duration })
      })
      tasks.observe({ type: 'longtask' })
      rec.observers.push(tasks)
      if (rec.loafSupported) {
        const frames = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            rec.longAnimationFrames.push({
              start: entry.startTime,
              duration: entry.duration,
              blockingDuration: entry.blockingDuration,
            })
          }
        })
        frames.observe({ type: 'long-animation-frame' })
        rec.observers.push(frames)
      }
      recording = rec
    },
    // Resolves with the page clock at the first animation frame where the condition holds. Conditions
    // live here rather than in waitForFunction: the app's CSP (script-src 'self') forbids the eval that
    // a string condition needs.
    until(condition, text, timeoutMs) {
      const transcript = () => document.querySelector('[data-testid="transcript"]')
      const live = () => document.querySelector('[data-testid="chat-live"]')
      const checks = {
        live: () => Boolean(live()),
        lastAssistant: () => {
          const list = transcript()
          if (!list || live()) return false
          const items = list.querySelectorAll('[data-testid="chat-assistant"]')
          const last = items[items.length - 1]
          if (!last || !last.textContent.includes(text)) return false
          return list.scrollHeight - list.scrollTop - list.clientHeight <= 48
        },
        // The window opens a conversation with its newest records and joins the older ones behind them.
        wholeTranscript: () =>
          checks.lastAssistant() && !document.querySelector('[data-testid="transcript-loading-older"]'),
      }
      const check = checks[condition]
      if (!check) return Promise.reject(new Error('unknown condition ' + condition))
      const deadline = performance.now() + timeoutMs
      return new Promise((resolve, reject) => {
        const poll = (time) => {
          if (check()) resolve(performance.now())
          else if (time > deadline) reject(new Error('timed out waiting for ' + condition + ' ' + text))
          else requestAnimationFrame(poll)
        }
        requestAnimationFrame(poll)
      })
    },
    async stop(settleMs) {
      const rec = recording
      if (!rec) throw new Error('the frame probe was not started')
      // Work a change causes can land a frame or two after it is visible (layout, paint): keep recording.
      await new Promise((resolve) => setTimeout(resolve, settleMs))
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      rec.running = false
      const stoppedAt = performance.now()
      for (const observer of rec.observers) {
        const late = observer.takeRecords()
        for (const entry of late) {
          if (entry.entryType === 'longtask') rec.longTasks.push({ start: entry.startTime, duration: entry.duration })
          else rec.longAnimationFrames.push({ start: entry.startTime, duration: entry.duration, blockingDuration: entry.blockingDuration })
        }
        observer.disconnect()
      }
      recording = null
      const inWindow = (entry) => entry.start >= rec.startedAt && entry.start <= stoppedAt
      return {
        startedAt: rec.startedAt,
        stoppedAt,
        frameTimes: rec.frameTimes,
        longTasks: rec.longTasks.filter(inWindow),
        longAnimationFrames: rec.longAnimationFrames.filter(inWindow),
        loafSupported: rec.loafSupported,
      }
    },
  }
})()`

/** Installs the probe in the page (idempotent). */
export async function installFrameProbe(page: Page): Promise<void> {
  await page.evaluate(PROBE_SOURCE)
}

export async function startRecording(page: Page): Promise<void> {
  await installFrameProbe(page)
  await page.evaluate('window.__benchFrameProbe.start()')
}

export type ShownCondition =
  /** The model's text is streaming into the page. */
  | { kind: 'live' }
  /** The last assistant message contains `text`, nothing streams, and the transcript is scrolled to its end. */
  | { kind: 'lastAssistant'; text: string }
  /** As lastAssistant, and every older record has been loaded behind it. */
  | { kind: 'wholeTranscript'; text: string }

/** The page's clock (performance.now()) at the first frame where `condition` holds. */
export async function whenShown(page: Page, condition: ShownCondition, timeoutMs: number): Promise<number> {
  const text = 'text' in condition ? condition.text : ''
  const call = `window.__benchFrameProbe.until(${JSON.stringify(condition.kind)}, ${JSON.stringify(text)}, ${timeoutMs})`
  return await page.evaluate<number>(call)
}

/** Stops after `settleMs` more of recording, and returns what was recorded. */
export async function stopRecording(page: Page, settleMs: number): Promise<FrameRecording> {
  return await page.evaluate<FrameRecording>(`window.__benchFrameProbe.stop(${Number(settleMs)})`)
}
