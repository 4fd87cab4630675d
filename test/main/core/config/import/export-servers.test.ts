import { describe, expect, it } from 'vitest'
import {
  EXPORT_FORMATS,
  exportServers,
  type ExportFormat,
} from '../../../../../src/main/core/config/import/export-servers'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { serverInputSchema } from '../../../../../src/shared/mcp/server-input'
import {
  serverConfigSchema,
  type ConfigValue,
  type ServerConfig,
} from '../../../../../src/shared/settings/settings-schema'

const SERVERS: ServerConfig[] = [
  serverConfigSchema.parse({
    id: 'github',
    name: 'github',
    transport: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-github'],
    env: { GITHUB_TOKEN: { secret: 'server.github.env.GITHUB_TOKEN' }, LOG_LEVEL: 'debug' },
    cwd: '/Users/ada/work',
    sampling: 'deny',
  }),
  serverConfigSchema.parse({
    id: 'linear',
    name: 'linear',
    transport: 'http',
    url: 'https://mcp.linear.app/mcp',
    headers: { Authorization: { secret: 'server.linear.header.Authorization' }, 'X-Workspace': 'acme' },
  }),
  serverConfigSchema.parse({
    id: 'memory',
    name: 'memory',
    transport: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-memory'],
    enabled: false,
  }),
]

const FILE_NAMES: Record<ExportFormat, string> = {
  'claude-desktop': 'claude_desktop_config.json',
  vscode: 'mcp.json',
  cursor: 'mcp.json',
}

describe('exportServers', () => {
  it('claude-desktop: mcpServers, secrets as ${NAME}, remote servers bridged through mcp-remote', () => {
    const text = exportServers(SERVERS, 'claude-desktop')
    expect(text.endsWith('}\n')).toBe(true)
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`)
    expect(JSON.parse(text)).toEqual({
      mcpServers: {
        github: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-github'],
          env: { GITHUB_TOKEN: '${GITHUB_TOKEN}', LOG_LEVEL: 'debug' },
        },
        linear: {
          command: 'npx',
          args: [
            '-y',
            'mcp-remote',
            'https://mcp.linear.app/mcp',
            '--header',
            'Authorization:${LINEAR_AUTHORIZATION_HEADER}',
            '--header',
            'X-Workspace:${LINEAR_X_WORKSPACE_HEADER}',
          ],
          env: { LINEAR_AUTHORIZATION_HEADER: '${LINEAR_AUTHORIZATION}', LINEAR_X_WORKSPACE_HEADER: 'acme' },
        },
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      },
    })
  })

  it('vscode: servers with types, secrets as password inputs, cwd kept', () => {
    expect(JSON.parse(exportServers(SERVERS, 'vscode'))).toEqual({
      inputs: [
        {
          type: 'promptString',
          id: 'server.github.env.GITHUB_TOKEN',
          description: 'GITHUB_TOKEN for github',
          password: true,
        },
        {
          type: 'promptString',
          id: 'server.linear.header.Authorization',
          description: 'Authorization header for linear',
          password: true,
        },
      ],
      servers: {
        github: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-github'],
          env: { GITHUB_TOKEN: '${input:server.github.env.GITHUB_TOKEN}', LOG_LEVEL: 'debug' },
          cwd: '/Users/ada/work',
        },
        linear: {
          type: 'http',
          url: 'https://mcp.linear.app/mcp',
          headers: { Authorization: '${input:server.linear.header.Authorization}', 'X-Workspace': 'acme' },
        },
        memory: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      },
    })
  })

  it('cursor: mcpServers with url for remote servers, secrets as ${env:NAME}', () => {
    expect(JSON.parse(exportServers(SERVERS, 'cursor'))).toEqual({
      mcpServers: {
        github: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-github'],
          env: { GITHUB_TOKEN: '${env:GITHUB_TOKEN}', LOG_LEVEL: 'debug' },
        },
        linear: {
          url: 'https://mcp.linear.app/mcp',
          headers: { Authorization: '${env:LINEAR_AUTHORIZATION}', 'X-Workspace': 'acme' },
        },
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      },
    })
  })

  it('a secret used by two servers is one VS Code input; names used twice get the id added', () => {
    const shared = { secret: 'shared.token' }
    const twins = ['one', 'two'].map((id) =>
      serverConfigSchema.parse({
        id,
        name: 'twin',
        transport: 'stdio',
        command: 'x',
        env: { TOKEN: shared },
      }),
    )
    const document = JSON.parse(exportServers(twins, 'vscode'))
    expect(Object.keys(document.servers)).toEqual(['twin (one)', 'twin (two)'])
    expect(document.inputs.map((input: { id: string }) => input.id)).toEqual(['shared.token'])
  })

  describe('a legacy SSE server with a pre-registered OAuth client', () => {
    const legacy = serverConfigSchema.parse({
      id: 'legacy',
      name: 'legacy',
      transport: 'sse',
      url: 'https://legacy.example/sse',
      oauth: {
        clientId: 'desk-client',
        clientSecret: { secret: 'server.legacy.oauth.clientSecret' },
        scopes: ['read', 'write'],
      },
    })

    it('vscode: type "sse", no OAuth fields (it has none), and it imports back as sse', () => {
      const text = exportServers([legacy], 'vscode')
      expect(JSON.parse(text)).toEqual({
        servers: { legacy: { type: 'sse', url: 'https://legacy.example/sse' } },
      })
      const parsed = parseMcpConfig(text, { fileName: 'mcp.json' })
      expect(parsed.servers[0]?.input).toMatchObject({ transport: 'sse', url: 'https://legacy.example/sse' })
    })

    it('claude-desktop: mcp-remote told to speak SSE only', () => {
      expect(JSON.parse(exportServers([legacy], 'claude-desktop'))).toEqual({
        mcpServers: {
          legacy: {
            command: 'npx',
            args: ['-y', 'mcp-remote', 'https://legacy.example/sse', '--transport', 'sse-only'],
          },
        },
      })
    })

    it('cursor: the client id, the secret as ${env:NAME} and the scopes in auth', () => {
      expect(JSON.parse(exportServers([legacy], 'cursor'))).toEqual({
        mcpServers: {
          legacy: {
            url: 'https://legacy.example/sse',
            auth: {
              CLIENT_ID: 'desk-client',
              CLIENT_SECRET: '${env:LEGACY_OAUTH_CLIENT_SECRET}',
              scopes: ['read', 'write'],
            },
          },
        },
      })
      const scopesOnly = { ...legacy, oauth: { scopes: ['read'] } }
      expect(JSON.parse(exportServers([scopesOnly], 'cursor')).mcpServers.legacy).not.toHaveProperty('auth')
    })
  })

  describe('round trip: export then import is identity for the fields each format carries', () => {
    it.each(EXPORT_FORMATS)('%s', (format) => {
      const parsed = parseMcpConfig(exportServers(SERVERS, format), { fileName: FILE_NAMES[format] })
      expect(parsed.format).toBe(format)
      const carried = SERVERS.filter((server) => format !== 'claude-desktop' || server.transport === 'stdio')
      for (const server of carried) {
        const imported = parsed.servers.find((candidate) => candidate.sourceName === server.name)
        expect(imported?.input, server.name).toEqual(expectedInput(server, format))
      }
      // Each secret comes back as a placeholder the user is asked for, as a secret.
      const secrets = parsed.placeholders.filter((placeholder) => placeholder.secret)
      expect(secrets.map((placeholder) => placeholder.locations)).toEqual([
        ['github: env.GITHUB_TOKEN'],
        format === 'claude-desktop'
          ? ['linear: env.LINEAR_AUTHORIZATION_HEADER']
          : ['linear: headers.Authorization'],
      ])
    })

    it('claude-desktop carries a remote server as an mcp-remote bridge, its argument variables left to it', () => {
      const parsed = parseMcpConfig(exportServers(SERVERS, 'claude-desktop'))
      const linear = parsed.servers.find((server) => server.sourceName === 'linear')
      expect(linear?.input).toMatchObject({
        transport: 'stdio',
        command: 'npx',
        args: [
          '-y',
          'mcp-remote',
          'https://mcp.linear.app/mcp',
          '--header',
          'Authorization:${LINEAR_AUTHORIZATION_HEADER}',
          '--header',
          'X-Workspace:${LINEAR_X_WORKSPACE_HEADER}',
        ],
        env: {
          LINEAR_AUTHORIZATION_HEADER: { value: '${LINEAR_AUTHORIZATION}' },
          LINEAR_X_WORKSPACE_HEADER: { value: 'acme' },
        },
      })
      // Only the secret's env value is asked for; the arguments keep mcp-remote's own variables.
      expect(parsed.placeholders.map((p) => p.token)).toEqual(['${GITHUB_TOKEN}', '${LINEAR_AUTHORIZATION}'])
      expect(linear?.notes).toEqual([
        "args[4] refers to ${LINEAR_AUTHORIZATION_HEADER}, which this server's env sets: the server expands it itself",
        "args[6] refers to ${LINEAR_X_WORKSPACE_HEADER}, which this server's env sets: the server expands it itself",
      ])
    })
  })
})

/**
 * What importing an exported server gives back: its name, transport, command, args, url and literal
 * values unchanged; secrets as the placeholder the format uses; cwd only where VS Code carries it; the
 * enabled flag and sampling policy (no format has them) at their defaults.
 */
function expectedInput(server: ServerConfig, format: ExportFormat) {
  const token = (value: ConfigValue, variable: string) => {
    if (typeof value === 'string') return { value }
    if (format === 'vscode') return { value: `\${input:${value.secret}}` }
    return { value: format === 'cursor' ? `\${env:${variable}}` : `\${${variable}}` }
  }
  const base = { name: server.name }
  if (server.transport === 'stdio') {
    return serverInputSchema.parse({
      ...base,
      transport: 'stdio',
      command: server.command,
      args: server.args,
      env: Object.fromEntries(Object.entries(server.env).map(([name, value]) => [name, token(value, name)])),
      ...(format === 'vscode' && server.cwd !== undefined ? { cwd: server.cwd } : {}),
    })
  }
  return serverInputSchema.parse({
    ...base,
    transport: 'http',
    url: server.url,
    headers: Object.fromEntries(
      Object.entries(server.headers).map(([name, value]) => [
        name,
        token(value, `LINEAR_${name.toUpperCase()}`),
      ]),
    ),
  })
}
