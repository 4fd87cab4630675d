import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  placeMachine,
  placeSection,
  recordBenchmark,
  renderSection,
  targetLines,
  type BenchmarkResult,
  type MachineInfo,
} from '../../../bench/benchmarks-md'

const machine: MachineInfo = {
  cpu: 'Test CPU',
  cores: 2,
  memoryGiB: 8,
  os: 'Linux 6.0 x64',
  node: 'v24.0.0',
  date: '2026-12-01',
  load: { start: 0.5, end: 1.5 },
}

const result = (name: string, body = `${name} figures`): BenchmarkResult => ({
  name,
  title: `Title of ${name}`,
  body,
  targets: [
    { target: 'fast enough', measured: '1.2×', met: true },
    { target: 'small enough', measured: '120 MB', met: false },
  ],
})

const ORDER = ['stdio', 'sampling', 'tool-search', 'startup', 'renderer', 'memory']

describe('BENCHMARKS.md sections', () => {
  it('renders a section between its markers with the run, the targets and the body', () => {
    const section = renderSection(result('stdio'), machine)
    expect(section.split('\n')[0]).toBe('<!-- stdio:begin (written by npm run bench -- stdio) -->')
    expect(section).toContain('## Title of stdio')
    expect(section).toContain(
      '`npm run bench -- stdio` on 2026-12-01, Node v24.0.0, 2× Test CPU, 8.0 GiB, Linux 6.0 x64, load average 0.5 → 1.5.',
    )
    expect(section).toContain('| fast enough | 1.2× | **PASS** |')
    expect(section).toContain('| small enough | 120 MB | **MISS** |')
    expect(section.trimEnd().endsWith('stdio figures\n<!-- stdio:end -->')).toBe(true)
    expect(targetLines(result('x').targets)).toEqual([
      'PASS  fast enough: 1.2×',
      'MISS  small enough: 120 MB',
    ])
  })

  it('replaces a section in place and keeps hand-written text after it', () => {
    const old = renderSection(result('tool-search', 'old'), machine)
    const doc = `# Benchmarks\n\n${old}\n\n## Notes written by hand\n\nkeep me\n`
    const next = placeSection(doc, 'tool-search', renderSection(result('tool-search', 'new'), machine), ORDER)
    expect(next).not.toContain('old')
    expect(next.indexOf('new')).toBeLessThan(next.indexOf('keep me'))
  })

  it('inserts a new section before the next one in the order, or appends it when none follows', () => {
    const toolSearch = renderSection(result('tool-search'), machine)
    const doc = `# Benchmarks\n\n${toolSearch}\n\nhand-written\n`
    const withStdio = placeSection(doc, 'stdio', renderSection(result('stdio'), machine), ORDER)
    expect(withStdio.indexOf('stdio:begin')).toBeLessThan(withStdio.indexOf('tool-search:begin'))
    const withMemory = placeSection(withStdio, 'memory', renderSection(result('memory'), machine), ORDER)
    expect(withMemory.indexOf('hand-written')).toBeLessThan(withMemory.indexOf('memory:begin'))
    const withStartup = placeSection(withMemory, 'startup', renderSection(result('startup'), machine), ORDER)
    expect(withStartup.indexOf('startup:begin')).toBeLessThan(withStartup.indexOf('memory:begin'))
    expect(withStartup.indexOf('hand-written')).toBeLessThan(withStartup.indexOf('startup:begin'))
  })

  it('puts the machine under the title once, and replaces it on the next run', () => {
    const first = placeMachine('# Benchmarks\n\nbody\n', machine)
    expect(first.indexOf('machine:begin')).toBeLessThan(first.indexOf('body'))
    expect(first).toContain('| Test CPU | 2 | 8.0 GiB | Linux 6.0 x64 | v24.0.0 | 2026-12-01 | 0.5 → 1.5 |')
    const second = placeMachine(first, { ...machine, date: '2026-12-02' })
    expect(second.match(/machine:begin/g)).toHaveLength(1)
    expect(second).toContain('2026-12-02')
    expect(second).not.toContain('2026-12-01')
  })
})

describe('recordBenchmark', () => {
  const dirs: string[] = []
  afterEach(() => {
    vi.restoreAllMocks()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('prints PASS/MISS lines, and writes the section and machine only when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchmarks-md-'))
    dirs.push(dir)
    const path = join(dir, 'BENCHMARKS.md')
    writeFileSync(path, '# Benchmarks\n\nintro\n')
    const printed: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line))

    await recordBenchmark(result('memory'), { write: false, path, machine })
    expect(readFileSync(path, 'utf8')).toBe('# Benchmarks\n\nintro\n')
    expect(printed).toContain('MISS  small enough: 120 MB')

    await recordBenchmark(result('memory'), { write: true, path, machine })
    const written = readFileSync(path, 'utf8')
    expect(written).toContain('<!-- memory:begin (written by npm run bench -- memory) -->')
    expect(written).toContain('machine:begin')
    expect(written.indexOf('intro')).toBeLessThan(written.indexOf('memory:begin'))
  })
})
