import { median, overBudget, type FrameFigures } from './frame-figures'
import type { OpenRun, StreamRun } from './scenarios'

type Run = FrameFigures | OpenRun | StreamRun

/** The structured result of `npm run bench -- renderer`, for BENCHMARKS.md and for comparing runs. */
export interface RendererTranscriptResult {
  benchmark: 'renderer-transcript'
  /** ISO time the benchmark finished. */
  date: string
  setup: {
    /** Rows of the long transcript (user, assistant and tool-call messages) and what its file holds. */
    messages: number
    records: number
    transcriptBytes: number
    /** Size of the whole transcript as one `chat:open` answer (the transfer control's message). */
    wholeTranscriptMessageBytes: number
    streamTokens: number
    /** The rate the mock provider was asked to stream at. */
    tokensPerSecond: number
    viewport: { width: number; height: number }
    browser: string
    runs: number
  }
  targetMs: number
  scenarios: ScenarioResult[]
  /** Every measured scenario (not the controls) met the target in every run. */
  pass: boolean
}

/**
 * Two controls, not held to the target: `idle`, the page doing nothing (its long frames are the machine's
 * noise), and `transfer`, a blank page receiving and parsing the whole transcript as one message (what
 * opening cost before the window paged).
 */
export type ScenarioId = 'idle' | 'transfer' | 'open' | 'stream' | 'stream-empty'

export interface ScenarioResult {
  id: ScenarioId
  label: string
  runs: Run[]
  median: FigureSummary
  /** Smallest and largest value of each figure over the runs. */
  min: FigureSummary
  max: FigureSummary
  /** No frame over the target in any run. */
  pass: boolean
  /** False for the controls, whose frames are not held to the target. */
  target: boolean
}

export interface FigureSummary {
  longestFrameMs: number
  totalBlockingMs: number
  framesOver50: number
  longestTaskMs: number
  medianFrameMs: number
  /** openMs for the open scenario, streamMs for the streams, the recording's length for idle. */
  elapsedMs: number
  /** Until every older record was loaded (open only). */
  loadedMs?: number
  /** Received tokens per second (streams only). */
  tokensPerSecond?: number
}

const LABELS: Record<ScenarioId, string> = {
  idle: 'idle page (control: machine noise)',
  transfer: 'receive and parse the whole transcript in one message (control: opening without paging)',
  open: 'open the long transcript',
  stream: 'stream into the long transcript',
  'stream-empty': 'stream into an empty conversation',
}

function elapsed(run: Run): number {
  if ('openMs' in run) return run.openMs
  return 'streamMs' in run ? run.streamMs : run.windowMs
}

function summarise(runs: readonly Run[], pick: (values: number[]) => number): FigureSummary {
  const of = (figure: (run: Run) => number) => pick(runs.map(figure))
  const rates = runs.flatMap((run) => ('tokensPerSecond' in run ? [run.tokensPerSecond] : []))
  const loaded = runs.flatMap((run) => ('loadedMs' in run ? [run.loadedMs] : []))
  return {
    longestFrameMs: of((run) => run.longestFrameMs),
    totalBlockingMs: of((run) => run.totalBlockingMs),
    framesOver50: of((run) => run.framesOver50),
    longestTaskMs: of((run) => run.longestTaskMs),
    medianFrameMs: of((run) => run.medianFrameMs),
    elapsedMs: of(elapsed),
    ...(rates.length > 0 ? { tokensPerSecond: pick(rates) } : {}),
    ...(loaded.length > 0 ? { loadedMs: pick(loaded) } : {}),
  }
}

export function scenarioResult(id: ScenarioId, runs: readonly Run[]): ScenarioResult {
  return {
    id,
    label: LABELS[id],
    runs: [...runs],
    median: summarise(runs, median),
    min: summarise(runs, (values) => Math.min(...values)),
    max: summarise(runs, (values) => Math.max(...values)),
    pass: runs.every((run) => !overBudget(run.longestFrameMs)),
    target: id !== 'idle' && id !== 'transfer',
  }
}
