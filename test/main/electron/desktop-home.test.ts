import { describe, expect, it } from 'vitest'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { readHomeFlag, resolveDesktopHome } from '../../../src/main/electron/desktop-home'

const userData = () => '/home/u/.config/mcp-desk'

describe('resolveDesktopHome', () => {
  it('uses Electron userData when neither --home nor MCP_DESK_HOME is set', () => {
    expect(resolveDesktopHome(['electron', '.'], {}, userData)).toEqual({
      dir: '/home/u/.config/mcp-desk',
      overridden: false,
    })
    expect(resolveDesktopHome(['electron', '.'], { MCP_DESK_HOME: '  ' }, userData).overridden).toBe(false)
  })

  it('prefers --home over MCP_DESK_HOME, resolving relative folders against cwd', () => {
    expect(
      resolveDesktopHome(['electron', '.', '--home', 'work'], { MCP_DESK_HOME: '/env' }, userData, '/cwd'),
    ).toEqual({
      dir: '/cwd/work',
      overridden: true,
    })
    expect(resolveDesktopHome(['app', '--home=/abs/p'], {}, userData).dir).toBe('/abs/p')
  })

  it('uses MCP_DESK_HOME, expanding ~', () => {
    expect(resolveDesktopHome(['app'], { MCP_DESK_HOME: '~/desk' }, userData)).toEqual({
      dir: join(homedir(), 'desk'),
      overridden: true,
    })
  })

  it('never asks Electron for userData when a home is given', () => {
    const explode = () => {
      throw new Error('should not be called')
    }
    expect(resolveDesktopHome(['app', '--home', '/p'], {}, explode).dir).toBe('/p')
  })
})

describe('readHomeFlag', () => {
  it('reads both spellings, the last one winning, and stops at --', () => {
    expect(readHomeFlag(['a', '--home', '/one', '--home=/two'])).toBe('/two')
    expect(readHomeFlag(['a', '--', '--home', '/x'])).toBeUndefined()
    expect(readHomeFlag(['a', '--homeless'])).toBeUndefined()
  })

  it.each([[['--home']], [['--home=']], [['--home', '--inspect']], [['--home', ' ']]])(
    'refuses a --home without a folder: %j',
    (argv) => {
      expect(() => readHomeFlag(argv)).toThrow('--home needs a folder')
    },
  )
})
