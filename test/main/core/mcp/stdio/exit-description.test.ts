import { describe, expect, it } from 'vitest'
import { describeExit } from '../../../../../src/main/core/mcp/stdio/exit-description'

const crash = { hostInitiated: false }

describe('describeExit', () => {
  it('names the exit code and the first non-empty stderr line', () => {
    expect(describeExit({ ...crash, code: 3, signal: null }, '\n  config file missing\nat line 2\n')).toBe(
      'exited with exit code 3: config file missing',
    )
    expect(describeExit({ ...crash, code: 0, signal: null }, '')).toBe('exited with exit code 0')
  })

  it('names the signal', () => {
    expect(describeExit({ ...crash, code: null, signal: 'SIGSEGV' }, '')).toBe('killed by signal SIGSEGV')
    expect(describeExit({ ...crash, code: null, signal: 'SIGKILL' }, 'out of memory\n')).toBe(
      'killed by signal SIGKILL: out of memory',
    )
  })

  it('says the output closed when the process has not been seen to exit', () => {
    expect(describeExit(undefined, '')).toBe('closed its output')
  })

  it('never calls a shutdown by MCP Desk a crash', () => {
    expect(describeExit({ code: null, signal: 'SIGTERM', hostInitiated: true }, 'bye\n')).toBe(
      'was stopped by MCP Desk',
    )
  })

  it('shortens a very long stderr line', () => {
    const reason = describeExit({ ...crash, code: 1, signal: null }, 'x'.repeat(1000))
    expect(reason.length).toBeLessThan(400)
    expect(reason.endsWith('…')).toBe(true)
  })
})
