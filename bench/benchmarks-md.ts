// BENCHMARKS.md: one section per benchmark, each between markers that name it, in the order of
// bench/benchmark-table.ts, under a header with the machine of the latest run. A benchmark hands its
// figures to recordBenchmark, which prints them with a PASS/MISS line per target and (unless told not to)
// replaces that benchmark's section, leaving every other section and any hand-written text as it was.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { arch, cpus, loadavg, release, totalmem, type } from 'node:os'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { BENCHMARKS } from './benchmark-table'

export const BENCHMARKS_MD_PATH = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url))

/** Taken when a benchmark's process loads this module, i.e. as it starts: other work inflates latencies. */
const LOAD_AT_START = loadavg()[0] ?? 0

/** One promise of the issue, and whether this run kept it. */
export interface TargetCheck {
  /** What is promised, e.g. `small messages: ours ≥ 1.0× the SDK`. */
  target: string
  /** What this run measured against it, e.g. `1.04×`. */
  measured: string
  met: boolean
}

/** What a benchmark returns: its section of BENCHMARKS.md. */
export interface BenchmarkResult {
  /** Its name in bench/benchmark-table.ts (`npm run bench -- <name>`), which also marks its section. */
  name: string
  /** The section heading. */
  title: string
  /** Markdown under the heading: figures, the comparison with the alternative, median and spread, method. */
  body: string
  targets: readonly TargetCheck[]
}

export interface MachineInfo {
  cpu: string
  cores: number
  memoryGiB: number
  os: string
  node: string
  /** ISO date (UTC) of the run. */
  date: string
  /**
   * The 1-minute load average when the benchmark started and when it ended: above the core count, other work
   * was competing for the CPU, which inflates latencies and their spread.
   */
  load: { start: number; end: number }
}

export function machineInfo(now = new Date()): MachineInfo {
  const cores = cpus()
  return {
    cpu: cores[0]?.model.trim() || 'unknown CPU',
    cores: cores.length,
    memoryGiB: totalmem() / 1024 ** 3,
    os: `${type()} ${release()} ${arch()}`,
    node: process.version,
    date: now.toISOString().slice(0, 10),
    load: { start: LOAD_AT_START, end: loadavg()[0] ?? 0 },
  }
}

export function describeMachine(machine: MachineInfo): string {
  return (
    `${machine.cores}× ${machine.cpu}, ${machine.memoryGiB.toFixed(1)} GiB, ${machine.os}, ` +
    `load average ${describeLoad(machine)}`
  )
}

const describeLoad = (machine: MachineInfo): string =>
  `${machine.load.start.toFixed(1)} → ${machine.load.end.toFixed(1)}`

export function targetLines(targets: readonly TargetCheck[]): string[] {
  return targets.map((t) => `${t.met ? 'PASS' : 'MISS'}  ${t.target}: ${t.measured}`)
}

const beginMarker = (name: string): string => `<!-- ${name}:begin (written by npm run bench -- ${name}) -->`
const endMarker = (name: string): string => `<!-- ${name}:end -->`
const MACHINE_BEGIN = '<!-- machine:begin (written by npm run bench) -->'
const MACHINE_END = '<!-- machine:end -->'

export function renderSection(result: BenchmarkResult, machine: MachineInfo): string {
  const run =
    `\`npm run bench -- ${result.name}\` on ${machine.date}, Node ${machine.node}, ` +
    `${describeMachine(machine)}.`
  const targets =
    result.targets.length === 0
      ? ''
      : [
          '| target | this run | |',
          '|---|---|---|',
          ...result.targets.map((t) => `| ${t.target} | ${t.measured} | **${t.met ? 'PASS' : 'MISS'}** |`),
        ].join('\n') + '\n\n'
  return [
    beginMarker(result.name),
    `## ${result.title}`,
    '',
    run,
    '',
    `${targets}${result.body.trim()}`,
    endMarker(result.name),
  ].join('\n')
}

export function renderMachine(machine: MachineInfo): string {
  return [
    MACHINE_BEGIN,
    '`npm run bench` runs every benchmark and rewrites its section; `npm run bench -- <name>` reruns one',
    '(`--no-write`: print only). Each section says when and where it ran; this is the latest run:',
    '',
    '| CPU | cores | memory | OS | Node | date | load average (start → end) |',
    '|---|---|---|---|---|---|---|',
    `| ${machine.cpu} | ${machine.cores} | ${machine.memoryGiB.toFixed(1)} GiB | ${machine.os} | ` +
      `${machine.node} | ${machine.date} | ${describeLoad(machine)} |`,
    MACHINE_END,
  ].join('\n')
}

function replaceBetween(document: string, begin: string, end: string, block: string): string | undefined {
  const start = document.indexOf(begin)
  const stop = document.indexOf(end, start)
  if (start === -1 || stop === -1) return undefined
  return document.slice(0, start) + block + document.slice(stop + end.length)
}

/**
 * The document with the section of `name` replaced, or inserted before the first section that comes after
 * it in `order` (appended when none does), so text written by hand after a section stays with it.
 */
export function placeSection(
  document: string,
  name: string,
  section: string,
  order: readonly string[] = Object.keys(BENCHMARKS),
): string {
  const replaced = replaceBetween(document, `<!-- ${name}:begin`, endMarker(name), section)
  if (replaced !== undefined) return replaced
  const later = order.slice(order.indexOf(name) + 1)
  const positions = order.includes(name)
    ? later.map((each) => document.indexOf(`<!-- ${each}:begin`)).filter((at) => at !== -1)
    : []
  if (positions.length === 0) return `${document.trimEnd()}\n\n${section}\n`
  const at = Math.min(...positions)
  return `${document.slice(0, at)}${section}\n\n${document.slice(at)}`
}

/** The document with the machine header replaced, or put right under the title. */
export function placeMachine(document: string, machine: MachineInfo): string {
  const block = renderMachine(machine)
  const replaced = replaceBetween(document, MACHINE_BEGIN, MACHINE_END, block)
  if (replaced !== undefined) return replaced
  const title = /^# .*\n/m.exec(document)
  if (!title) return `# Benchmarks\n\n${block}\n\n${document.trimStart()}`
  const at = title.index + title[0].length
  return `${document.slice(0, at)}\n${block}\n${document.slice(at)}`
}

/**
 * Prints the section and a PASS/MISS line per target; with `write`, puts the section and the machine into
 * BENCHMARKS.md (formatted as `prettier --check`, part of `npm test`, expects).
 */
export async function recordBenchmark(
  result: BenchmarkResult,
  options: { write: boolean; path?: string; machine?: MachineInfo },
): Promise<void> {
  const machine = options.machine ?? machineInfo()
  const section = renderSection(result, machine)
  console.log(`\n${section}\n`)
  for (const line of targetLines(result.targets)) console.log(line)
  if (!options.write) return
  const path = options.path ?? BENCHMARKS_MD_PATH
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n'
  const next = placeMachine(placeSection(current, result.name, section), machine)
  const config = (await resolveConfig(path)) ?? {}
  writeFileSync(path, await format(next, { ...config, parser: 'markdown' }))
  console.log(`(section "${result.name}" written to ${path})`)
}
