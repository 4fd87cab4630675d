import { describe, expect, it } from 'vitest'
import { resolveCommand } from '../../../../../src/main/core/mcp/stdio/resolve-command'

const WINDOWS_ENV = {
  Path: 'C:\\Program Files\\nodejs;"C:\\Users\\ada\\AppData\\Roaming\\npm";C:\\Windows\\system32',
  PATHEXT: '.COM;.EXE;.BAT;.CMD;.VBS;.JS',
  ComSpec: 'C:\\Windows\\system32\\cmd.exe',
}

/** An `exists` that knows exactly these files (Windows paths compare case-insensitively). */
function filesystem(...files: string[]): (path: string) => boolean {
  const known = new Set(files.map((file) => file.toLowerCase()))
  return (path) => known.has(path.toLowerCase())
}

describe('resolveCommand on POSIX', () => {
  it('returns the command as given: spawn and the kernel do the lookup', () => {
    expect(
      resolveCommand('npx', ['-y', 'server'], {
        platform: 'linux',
        env: { PATH: '/bin' },
        exists: () => true,
      }),
    ).toEqual({ command: 'npx', args: ['-y', 'server'], windowsVerbatimArguments: false })
  })
})

describe('resolveCommand on win32', () => {
  it('runs a .cmd found on PATH through cmd.exe /d /s /c with the line quoted', () => {
    const resolved = resolveCommand('npx', ['-y', '@scope/server', 'C:\\data dir'], {
      platform: 'win32',
      env: WINDOWS_ENV,
      exists: filesystem('C:\\Program Files\\nodejs\\npx.cmd'),
    })
    expect(resolved).toEqual({
      command: 'C:\\Windows\\system32\\cmd.exe',
      args: [
        '/d',
        '/s',
        '/c',
        '"C:\\Program^ Files\\nodejs\\npx.cmd ^"-y^" ^"@scope/server^" ^"C:\\data^ dir^""',
      ],
      windowsVerbatimArguments: true,
    })
  })

  it('prefers an .exe over a .cmd in the same directory and spawns it directly', () => {
    const resolved = resolveCommand('uvx', ['mcp-server-git'], {
      platform: 'win32',
      env: WINDOWS_ENV,
      exists: filesystem('C:\\Program Files\\nodejs\\uvx.cmd', 'C:\\Program Files\\nodejs\\uvx.exe'),
    })
    expect(resolved).toEqual({
      command: 'C:\\Program Files\\nodejs\\uvx.exe',
      args: ['mcp-server-git'],
      windowsVerbatimArguments: false,
    })
  })

  it('takes PATH order before extension order, unquoting quoted PATH entries', () => {
    const resolved = resolveCommand('pnpm', [], {
      platform: 'win32',
      env: WINDOWS_ENV,
      exists: filesystem(
        'C:\\Users\\ada\\AppData\\Roaming\\npm\\pnpm.cmd',
        'C:\\Windows\\system32\\pnpm.exe',
      ),
    })
    expect(resolved.args).toEqual(['/d', '/s', '/c', '"C:\\Users\\ada\\AppData\\Roaming\\npm\\pnpm.cmd"'])
  })

  it('only tries extensions PATHEXT lists', () => {
    const resolved = resolveCommand('tool', [], {
      platform: 'win32',
      env: { PATH: 'C:\\bin', PATHEXT: '.EXE' },
      exists: filesystem('C:\\bin\\tool.bat'),
    })
    expect(resolved).toEqual({ command: 'tool', args: [], windowsVerbatimArguments: false })
  })

  it('looks up a command with a directory part only there, with the extension it already has', () => {
    const exists = filesystem('C:\\servers\\start.bat', 'C:\\Program Files\\nodejs\\start.bat')
    const resolved = resolveCommand('C:\\servers\\start.bat', ['--port', '1'], {
      platform: 'win32',
      env: { PATH: 'C:\\Program Files\\nodejs' },
      exists,
    })
    expect(resolved).toEqual({
      command: 'cmd.exe',
      args: ['/d', '/s', '/c', '"C:\\servers\\start.bat ^"--port^" ^"1^""'],
      windowsVerbatimArguments: true,
    })
    const relative = resolveCommand('.\\bin\\srv', [], {
      platform: 'win32',
      env: {},
      cwd: 'D:\\work',
      exists: filesystem('D:\\work\\bin\\srv.exe'),
    })
    expect(relative.command).toBe('D:\\work\\bin\\srv.exe')
  })

  it('escapes quotes, backslashes and cmd metacharacters so arguments stay data', () => {
    const resolved = resolveCommand('run', ['a "quoted" word', 'trailing\\', '100% & echo pwned | x'], {
      platform: 'win32',
      env: { PATH: 'C:\\bin' },
      exists: filesystem('C:\\bin\\run.cmd'),
    })
    expect(resolved.args[3]).toBe(
      '"C:\\bin\\run.cmd ^"a^ \\^"quoted\\^"^ word^" ^"trailing\\\\^" ^"100^%^ ^&^ echo^ pwned^ ^|^ x^""',
    )
  })

  it('escapes arguments twice for npm .bin shims, which parse them with cmd.exe again', () => {
    const resolved = resolveCommand('C:\\app\\node_modules\\.bin\\server.cmd', ['a&b'], {
      platform: 'win32',
      env: {},
      exists: filesystem('C:\\app\\node_modules\\.bin\\server.cmd'),
    })
    expect(resolved.args[3]).toBe('"C:\\app\\node_modules\\.bin\\server.cmd ^^^"a^^^&b^^^""')
  })

  it('returns an unknown command unchanged, for spawn to report as not found', () => {
    expect(
      resolveCommand('nope', ['x'], { platform: 'win32', env: WINDOWS_ENV, exists: () => false }),
    ).toEqual({
      command: 'nope',
      args: ['x'],
      windowsVerbatimArguments: false,
    })
  })
})
