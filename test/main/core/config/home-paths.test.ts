import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultHome, profilePaths, resolveHome } from '../../../../src/main/core/config/home-paths'

describe('defaultHome', () => {
  it('follows XDG_CONFIG_HOME on Linux, else ~/.config, like Electron userData', () => {
    expect(defaultHome('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ann')).toBe('/xdg/mcp-desk')
    expect(defaultHome('linux', {}, '/home/ann')).toBe('/home/ann/.config/mcp-desk')
    expect(defaultHome('linux', { XDG_CONFIG_HOME: '' }, '/home/ann')).toBe('/home/ann/.config/mcp-desk')
  })

  it('uses Application Support on macOS', () => {
    expect(defaultHome('darwin', { XDG_CONFIG_HOME: '/ignored' }, '/Users/ann')).toBe(
      '/Users/ann/Library/Application Support/mcp-desk',
    )
  })

  it('uses %APPDATA% on Windows, with the roaming folder as fallback', () => {
    expect(defaultHome('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\mcp-desk',
    )
    expect(defaultHome('win32', {}, 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\mcp-desk')
  })
})

describe('resolveHome', () => {
  const base = { platform: 'linux' as const, userHome: '/home/ann', cwd: '/work' }

  it('prefers --home over MCP_DESK_HOME over the default', () => {
    expect(resolveHome({ ...base, flag: '/a', env: { MCP_DESK_HOME: '/b' } })).toBe('/a')
    expect(resolveHome({ ...base, env: { MCP_DESK_HOME: '/b' } })).toBe('/b')
    expect(resolveHome({ ...base, env: {} })).toBe('/home/ann/.config/mcp-desk')
    expect(resolveHome({ ...base, flag: '', env: { MCP_DESK_HOME: '' } })).toBe('/home/ann/.config/mcp-desk')
  })

  it('makes relative homes absolute and expands ~', () => {
    expect(resolveHome({ ...base, flag: 'rel/dir', env: {} })).toBe('/work/rel/dir')
    expect(resolveHome({ ...base, env: { MCP_DESK_HOME: '~/desk' } })).toBe('/home/ann/desk')
    expect(path.isAbsolute(resolveHome({ flag: 'x', env: {} }))).toBe(true)
  })
})

describe('profilePaths', () => {
  it('puts every profile file inside the home', () => {
    const home = path.resolve('/profile')
    expect(profilePaths(home)).toEqual({
      home,
      settingsFile: path.join(home, 'settings.json'),
      secretsFile: path.join(home, 'secrets.json'),
      secretsKeyFile: path.join(home, 'secrets.key'),
      transcriptsDir: path.join(home, 'transcripts'),
      auditDir: path.join(home, 'audit'),
      bundlesDir: path.join(home, 'bundles'),
      approvedToolsFile: path.join(home, 'approved-tools.json'),
      toolVectorsDir: path.join(home, 'cache', 'tool-vectors'),
      registryCacheDir: path.join(home, 'cache', 'registries'),
    })
  })
})
