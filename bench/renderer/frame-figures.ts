import type { FrameRecording } from './frame-probe'

/** A frame or task longer than this is what the target forbids (and what TBT counts past). */
export const FRAME_BUDGET_MS = 50

/**
 * rAF frame times are multiples of the display's frame interval (16.7 ms at 60 Hz) read from a clock the
 * page sees coarsened to 0.1 ms, so a gap of three frames reads anywhere from 49.9 to 50.1 ms: within
 * this much of the budget a frame counts as on it, not over it.
 */
export const CLOCK_SLACK_MS = 0.5

export function overBudget(frameMs: number): boolean {
  return frameMs > FRAME_BUDGET_MS + CLOCK_SLACK_MS
}

/** One recording reduced to the figures the benchmark reports. */
export interface FrameFigures {
  /** Length of the recording window, ms. */
  windowMs: number
  frames: number
  /** Median gap between frames: ~16.7 ms when the page keeps up at 60 Hz. */
  medianFrameMs: number
  /** The longest gap between two frames (or from the start of recording to the first frame). */
  longestFrameMs: number
  framesOver50: number
  /** Sum over long tasks of their time past 50 ms. */
  totalBlockingMs: number
  longTasks: number
  longestTaskMs: number
  /** Longest Long Animation Frame (includes style, layout and paint); null without the API. */
  longestAnimationFrameMs: number | null
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function frameFigures(recording: FrameRecording): FrameFigures {
  const times = recording.frameTimes
  // A click that blocks at once delays the very first frame: count the wait for it as a frame too.
  const gaps = times.length > 0 ? [Math.max(0, times[0]! - recording.startedAt)] : []
  for (let i = 1; i < times.length; i++) gaps.push(times[i]! - times[i - 1]!)
  const intervals = gaps.slice(1)
  const tasks = recording.longTasks
  return {
    windowMs: recording.stoppedAt - recording.startedAt,
    frames: times.length,
    medianFrameMs: median(intervals),
    longestFrameMs: Math.max(0, ...gaps),
    framesOver50: gaps.filter(overBudget).length,
    totalBlockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - FRAME_BUDGET_MS), 0),
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    longestAnimationFrameMs: recording.loafSupported
      ? Math.max(0, ...recording.longAnimationFrames.map((frame) => frame.duration))
      : null,
  }
}

export { median }
