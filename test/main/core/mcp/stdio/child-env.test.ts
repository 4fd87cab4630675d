import { describe, expect, it } from 'vitest'
import {
  allowedHostVariables,
  buildChildEnv,
  isWithheldHostVariable,
} from '../../../../../src/main/core/mcp/stdio/child-env'

const POSIX_HOST: NodeJS.ProcessEnv = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/home/ada',
  LANG: 'en_GB.UTF-8',
  USER: 'ada',
  LOGNAME: 'ada',
  SHELL: '/bin/zsh',
  TMPDIR: '/tmp/ada',
  TERM: 'xterm-256color',
  LC_CTYPE: 'UTF-8',
  OPENAI_API_KEY: 'sk-host-secret',
  GITHUB_TOKEN: 'ghp_host',
  AWS_SECRET_ACCESS_KEY: 'aws',
  MCP_DESK_HOME: '/home/ada/.mcp-desk',
  RANDOM_VAR: 'random',
  SSH_AUTH_SOCK: '/tmp/agent',
  UNDEFINED_ONE: undefined,
}

describe('buildChildEnv', () => {
  it('passes only the allowed POSIX variables from the host', () => {
    expect(buildChildEnv(POSIX_HOST, {}, 'linux')).toEqual({
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: '/home/ada',
      LANG: 'en_GB.UTF-8',
      USER: 'ada',
      LOGNAME: 'ada',
      SHELL: '/bin/zsh',
      TMPDIR: '/tmp/ada',
      TERM: 'xterm-256color',
      LC_CTYPE: 'UTF-8',
    })
  })

  it('adds the configured vars, which pass even when they look like credentials and win over the host', () => {
    const env = buildChildEnv(
      POSIX_HOST,
      { GITHUB_TOKEN: 'configured', MCP_DESK_MODE: 'x', PATH: '/opt/server/bin' },
      'darwin',
    )
    expect(env.GITHUB_TOKEN).toBe('configured')
    expect(env.MCP_DESK_MODE).toBe('x')
    expect(env.PATH).toBe('/opt/server/bin')
    expect(env.OPENAI_API_KEY).toBeUndefined()
  })

  it('passes how the machine reaches the network, so npx can download behind a proxy', () => {
    const network = {
      HTTPS_PROXY: 'http://proxy.corp:3128',
      no_proxy: 'localhost,.corp',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/corp-root.pem',
      SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
    }
    expect(buildChildEnv({ ...POSIX_HOST, ...network }, {}, 'linux')).toMatchObject(network)
    expect(buildChildEnv({ Https_Proxy: 'http://proxy.corp:3128' }, {}, 'win32')).toEqual({
      Https_Proxy: 'http://proxy.corp:3128',
    })
  })

  it('skips exported shell functions', () => {
    expect(buildChildEnv({ PATH: '/bin', TERM: '() { :; }; echo pwned' }, {}, 'linux')).toEqual({
      PATH: '/bin',
    })
  })

  it('on win32 passes the variables Windows programs need, matching names regardless of case', () => {
    const env = buildChildEnv(
      {
        Path: 'C:\\Windows;C:\\nodejs',
        SystemRoot: 'C:\\Windows',
        windir: 'C:\\Windows',
        ComSpec: 'C:\\Windows\\system32\\cmd.exe',
        PATHEXT: '.COM;.EXE;.BAT;.CMD',
        TEMP: 'C:\\Temp',
        TMP: 'C:\\Temp',
        USERPROFILE: 'C:\\Users\\ada',
        APPDATA: 'C:\\Users\\ada\\AppData\\Roaming',
        LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
        ProgramFiles: 'C:\\Program Files',
        SystemDrive: 'C:',
        USERNAME: 'ada',
        SHELL: 'not on windows',
        ANTHROPIC_API_KEY: 'secret',
      },
      {},
      'win32',
    )
    expect(Object.keys(env).sort()).toEqual(
      [
        'Path',
        'SystemRoot',
        'windir',
        'ComSpec',
        'PATHEXT',
        'TEMP',
        'TMP',
        'USERPROFILE',
        'APPDATA',
        'LOCALAPPDATA',
        'ProgramFiles',
        'SystemDrive',
      ].sort(),
    )
  })

  it('on win32 a configured var replaces a host one spelled differently instead of duplicating it', () => {
    expect(buildChildEnv({ Path: 'C:\\Windows' }, { PATH: 'D:\\tools' }, 'win32')).toEqual({
      PATH: 'D:\\tools',
    })
  })

  it('on POSIX names are case-sensitive', () => {
    expect(buildChildEnv({ path: '/x', Home: '/y' }, {}, 'linux')).toEqual({})
  })
})

describe('isWithheldHostVariable', () => {
  it('withholds credential-looking names and MCP Desk settings', () => {
    for (const name of [
      'GITHUB_TOKEN',
      'my_secret',
      'DB_PASSWORD',
      'OPENAI_API_KEY',
      'STRIPE_APIKEY',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'SSH_AUTH_SOCK',
      'MCP_DESK_HOME',
    ]) {
      expect(isWithheldHostVariable(name), name).toBe(true)
    }
  })

  it('withholds none of the allowed names', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      for (const name of allowedHostVariables(platform))
        expect(isWithheldHostVariable(name), name).toBe(false)
    }
  })
})
