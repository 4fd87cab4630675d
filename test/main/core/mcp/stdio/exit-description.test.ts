import { describe, expect, it } from 'vitest'
import { describeExit } from '../../../../../src/main/core/mcp/stdio/exit-description'

const crash = { hostInitiated: false }

describe('describeExit', () => {
  it('names the exit code and the stderr line that says why, not the first one logged', () => {
    expect(describeExit({ ...crash, code: 3, signal: null }, 'starting\n  config file missing\n\n')).toBe(
      'exited with code 3: config file missing',
    )
    expect(describeExit({ ...crash, code: 0, signal: null }, '')).toBe('exited with code 0')
  })

  it('names the signal', () => {
    expect(describeExit({ ...crash, code: null, signal: 'SIGSEGV' }, '')).toBe('killed by SIGSEGV')
    expect(describeExit({ ...crash, code: null, signal: 'SIGKILL' }, 'out of memory\n')).toBe(
      'killed by SIGKILL: out of memory',
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
