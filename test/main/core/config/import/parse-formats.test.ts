import { describe, expect, it } from 'vitest'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { parsedConfigSchema, type ImportFormat } from '../../../../../src/shared/import/import-types'
import { serverInputSchema } from '../../../../../src/shared/mcp/server-input'
import { parseFixture, serverNamed } from './fixture-files'

/** The two servers most fixtures describe, as MCP Desk's server input. */
const FILESYSTEM = serverInputSchema.parse({
  name: 'filesystem',
  transport: 'stdio',
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ada/projects'],
  env: { LOG_LEVEL: { value: 'debug' } },
})
const LINEAR = serverInputSchema.parse({
  name: 'linear',
  transport: 'http',
  url: 'https://mcp.linear.app/mcp',
  headers: { 'X-Workspace': { value: 'acme' } },
})

const FIXTURE_TABLE: Array<{ path: string; format: ImportFormat; remote: boolean }> = [
  { path: 'claude-desktop/claude_desktop_config.json', format: 'claude-desktop', remote: false },
  { path: 'claude-code/claude.json', format: 'claude-code', remote: true },
  { path: 'claude-code/project.mcp.json', format: 'claude-code', remote: true },
  { path: 'vscode/mcp.jsonc', format: 'vscode', remote: true },
  { path: 'vscode-settings/settings.jsonc', format: 'vscode-settings', remote: true },
  { path: 'cursor/mcp.json', format: 'cursor', remote: true },
  { path: 'windsurf/mcp_config.json', format: 'windsurf', remote: true },
  { path: 'cline/cline_mcp_settings.json', format: 'cline', remote: true },
  { path: 'zed/settings.jsonc', format: 'zed', remote: true },
  { path: 'opencode/mimocode.jsonc', format: 'opencode', remote: true },
  { path: 'gemini/settings.json', format: 'gemini', remote: true },
  { path: 'goose/config.yaml', format: 'goose', remote: true },
  { path: 'codex/config.toml', format: 'codex', remote: true },
]

describe('every client format imports the same servers', () => {
  it.each(FIXTURE_TABLE)(
    '$path is $format and describes the shared servers identically',
    ({ path, format, remote }) => {
      const parsed = parseFixture(path)
      expect(parsed.format).toBe(format)
      expect(() => parsedConfigSchema.parse(parsed)).not.toThrow()
      expect(serverNamed(parsed, 'filesystem').input).toEqual(FILESYSTEM)
      if (remote) expect(serverNamed(parsed, 'linear').input).toEqual(LINEAR)
      // Every imported input is valid as it is, and rows are told apart by sourceName.
      for (const server of parsed.servers) {
        expect(serverInputSchema.parse(server.input)).toEqual(server.input)
        expect(server.input.name).toBe(server.sourceName.replace(/ \(.*\)$/, ''))
      }
      expect(new Set(parsed.servers.map((s) => s.sourceName)).size).toBe(parsed.servers.length)
    },
  )

  it('finds the format from the content alone, without a file name', () => {
    for (const { path, format } of FIXTURE_TABLE) {
      if (path === 'claude-code/project.mcp.json') continue // only its name tells it from a Claude Desktop file
      expect(parseFixture(path, 'dropped.txt').format, path).toBe(format)
    }
  })
})

describe('format specifics', () => {
  it('Claude Code: user and project scopes, the same server in two projects once, legacy SSE kept', () => {
    const parsed = parseFixture('claude-code/claude.json')
    expect(parsed.servers.map((s) => s.sourceName)).toEqual(['linear', 'filesystem', 'sentry'])
    expect(serverNamed(parsed, 'linear').notes).toEqual([])
    expect(serverNamed(parsed, 'filesystem').notes).toEqual([
      'configured only for the projects /Users/ada/projects/site, /Users/ada/projects/api in Claude Code; MCP Desk servers are available everywhere',
    ])
    const sentry = serverNamed(parsed, 'sentry')
    expect(sentry.input).toMatchObject({ transport: 'sse', url: 'https://mcp.sentry.dev/sse' })
    expect(sentry.notes).toEqual([
      'configured only for the project /Users/ada/projects/api in Claude Code; MCP Desk servers are available everywhere',
    ])
    expect(parsed.notes).toEqual([
      '2 project scopes found: /Users/ada/projects/site, /Users/ada/projects/api',
    ])
  })

  it('Claude Code: different servers under one name in two scopes are both kept, told apart', () => {
    const text = JSON.stringify({
      mcpServers: { docs: { type: 'stdio', command: 'docs-a' } },
      projects: { '/p': { mcpServers: { docs: { type: 'stdio', command: 'docs-b' } } } },
    })
    const parsed = parseMcpConfig(text)
    expect(parsed.servers.map((s) => [s.sourceName, s.input.name])).toEqual([
      ['docs', 'docs'],
      ['docs (/p)', 'docs'],
    ])
    for (const server of parsed.servers) {
      expect(server.notes).toContain(
        'another server named "docs" with different settings is in this file too',
      )
    }
  })

  it('VS Code: envFile and dev are noted, workspace variables are noted as unsupported', () => {
    const parsed = parseFixture('vscode/mcp.jsonc')
    expect(serverNamed(parsed, 'perplexity').notes).toEqual([
      'envFile (${workspaceFolder}/.env) is not read: MCP Desk only reads the files you hand it, so add its variables to env after import',
    ])
    expect(serverNamed(parsed, 'notes').notes).toEqual([
      'dev (watch and debug settings for developing the server) is not imported',
      'args[0] uses ${workspaceFolder}, which only an editor can expand: MCP Desk keeps it as written, so replace it after import',
    ])
  })

  it('Cline: disabled turns the server off, autoApprove is not auto-approval, timeout noted, SSE kept', () => {
    const parsed = parseFixture('cline/cline_mcp_settings.json')
    const puppeteer = serverNamed(parsed, 'puppeteer')
    expect(puppeteer.input.enabled).toBe(false)
    expect(puppeteer.notes).toEqual([
      'autoApprove (puppeteer_navigate, puppeteer_screenshot) is not imported as auto-approval: approvals stay per call in MCP Desk',
    ])
    expect(serverNamed(parsed, 'linear').notes).toEqual([
      'autoApprove (list_issues, get_issue) is not imported as auto-approval: approvals stay per call in MCP Desk',
      'timeout (60) is not imported: MCP Desk applies its own limits (mcp.limits)',
    ])
    // An empty autoApprove loses nothing and says nothing.
    expect(serverNamed(parsed, 'filesystem').notes).toEqual([])
    expect(serverNamed(parsed, 'weather').input).toMatchObject({ transport: 'sse' })
    expect(serverNamed(parsed, 'linear').input).toMatchObject({ transport: 'http' })
  })

  it('Windsurf: serverUrl is the remote URL, disabled and disabledTools are carried or noted', () => {
    const github = serverNamed(parseFixture('windsurf/mcp_config.json'), 'github')
    expect(github.input.enabled).toBe(false)
    expect(github.notes).toEqual([
      'disabledTools (delete_repository) is not imported: MCP Desk offers every tool the server lists',
    ])
  })

  it('Cursor: envFile noted, ${env:…} kept for resolution', () => {
    const parsed = parseFixture('cursor/mcp.json')
    expect(serverNamed(parsed, 'db').notes[0]).toBe(
      'envFile (.env.local) is not read: MCP Desk only reads the files you hand it, so add its variables to env after import',
    )
    expect(serverNamed(parsed, 'context7').input).toMatchObject({
      headers: { CONTEXT7_API_KEY: { value: '${env:CONTEXT7_API_KEY}' } },
    })
  })

  it('Zed: old and new shapes, enabled false, extension servers listed as not imported', () => {
    const parsed = parseFixture('zed/settings.jsonc')
    expect(serverNamed(parsed, 'postgres').input).toMatchObject({
      enabled: false,
      command: 'postgres-mcp',
      args: ['postgres://localhost/app'],
    })
    expect(parsed.servers.map((s) => s.sourceName)).not.toContain('mcp-server-context7')
    expect(parsed.notes).toEqual([
      '"mcp-server-context7" was not imported: it is provided by a Zed extension, which runs its own command: add that server by hand',
    ])
  })

  it('opencode / MiMo: command arrays, environment, {env:…}, sampling and permission.mcp_sampling', () => {
    const parsed = parseFixture('opencode/mimocode.jsonc')
    const summarizer = serverNamed(parsed, 'summarizer')
    expect(summarizer.input).toMatchObject({
      command: 'uvx',
      args: ['summarizer-mcp'],
      sampling: 'allow',
      env: { OPENAI_API_KEY: { value: '${env:OPENAI_API_KEY}' } },
    })
    expect(summarizer.notes).toEqual([
      'timeout (10000) is not imported: MCP Desk applies its own limits (mcp.limits)',
    ])
    // The server says allow, the ruleset denies it by name: deny wins, as MCP Desk's own gates decide.
    const scratch = serverNamed(parsed, 'scratch')
    expect(scratch.input).toMatchObject({ enabled: false, sampling: 'deny' })
    expect(scratch.notes).toEqual(['oauth settings are not imported'])
    expect(serverNamed(parsed, 'filesystem').input.sampling).toBe('ask')
    expect(parsed.notes).toEqual([
      'permission.mcp_sampling rule "summar*" (allow) was applied to the servers it matches here; it is not imported as a rule for other servers',
    ])
  })

  it('opencode: a bad sampling value falls back to ask with a note; the older mcp.servers nesting is read', () => {
    const parsed = parseMcpConfig(
      JSON.stringify({
        mcp: { servers: { a: { type: 'local', command: ['a-server'], sampling: 'sometimes' } } },
        permission: { mcp_sampling: 'deny' },
      }),
    )
    expect(parsed.format).toBe('opencode')
    expect(serverNamed(parsed, 'a').input.sampling).toBe('deny')
    expect(serverNamed(parsed, 'a').notes).toEqual([
      'sampling "sometimes" is not deny, ask or allow: MCP Desk asks (its default)',
    ])
  })

  it('Gemini CLI: httpUrl is Streamable HTTP, url is SSE, trust is ignored with a note, cwd kept', () => {
    const parsed = parseFixture('gemini/settings.json')
    expect(serverNamed(parsed, 'weather').input).toMatchObject({ transport: 'sse' })
    expect(serverNamed(parsed, 'weather').notes).toEqual([
      'timeout (30000) is not imported: MCP Desk applies its own limits (mcp.limits)',
      'trust is ignored: MCP Desk asks before each tool call whatever the other client trusted',
    ])
    const python = serverNamed(parsed, 'python-tools')
    expect(python.input).toMatchObject({
      cwd: './mcp-servers/python',
      args: ['-m', 'my_mcp_server', '--port', '8080'],
    })
    expect(python.notes).toEqual([
      'includeTools (safe_tool, file_reader) is not imported: MCP Desk offers every tool the server lists',
    ])
  })

  it('Goose: stdio and streamable_http extensions, keyring env_keys as placeholders, builtins not imported', () => {
    const parsed = parseFixture('goose/config.yaml')
    const github = serverNamed(parsed, 'github')
    expect(github.input).toMatchObject({
      enabled: false,
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: { value: '${GITHUB_PERSONAL_ACCESS_TOKEN}' } },
    })
    expect(github.notes).toContain(
      "env_keys (GITHUB_PERSONAL_ACCESS_TOKEN) are kept in Goose's keyring, not in this file: their values are asked for when importing",
    )
    expect(github.notes).toContain('Goose calls it "GitHub"; it is imported under its key "github"')
    expect(serverNamed(parsed, 'browser-legacy').input).toMatchObject({ transport: 'sse' })
    expect(parsed.notes).toEqual([
      '"developer" was not imported: it is Goose\'s own builtin extension, not an MCP server MCP Desk can start',
    ])
  })

  it('Codex: env_vars, bearer_token_env_var and env_http_headers become placeholders; timeouts noted', () => {
    const parsed = parseFixture('codex/config.toml')
    expect(serverNamed(parsed, 'figma').input).toMatchObject({
      headers: {
        Authorization: { value: 'Bearer ${FIGMA_OAUTH_TOKEN}' },
        'X-Figma-Region': { value: '${FIGMA_REGION}' },
      },
    })
    expect(serverNamed(parsed, 'figma').notes).toEqual([
      'header variables (FIGMA_REGION, FIGMA_OAUTH_TOKEN): Codex reads them from its environment at every start; MCP Desk asks for their values (or reads your environment with consent) once, when importing',
      'startup_timeout_sec (20) is not imported: MCP Desk applies its own limits (mcp.limits)',
      'tool_timeout_sec (45) is not imported: MCP Desk applies its own limits (mcp.limits)',
      'enabled_tools (get_file, get_image) is not imported: MCP Desk offers every tool the server lists',
    ])
    expect(serverNamed(parsed, 'docs').input).toMatchObject({
      enabled: false,
      cwd: '/Users/ada/docs',
      env: { DOCS_API_KEY: { value: '${DOCS_API_KEY}' } },
    })
  })

  it('an unknown field of a server becomes a note, never silently dropped', () => {
    const parsed = parseMcpConfig(
      JSON.stringify({ mcpServers: { a: { command: 'a-server', autoRestart: true, 'bad name': 1 } } }),
    )
    expect(serverNamed(parsed, 'a').notes).toEqual([
      'autoRestart is not supported by MCP Desk and was not imported',
      'bad name is not supported by MCP Desk and was not imported',
    ])
  })

  it('env and header names MCP Desk cannot carry are noted; numbers in YAML/TOML become text', () => {
    const parsed = parseMcpConfig(
      'extensions:\n  a:\n    type: stdio\n    cmd: a-server\n    args: [--port, 8080]\n    envs: {PORT: 8080, "MY-VAR": x}\n',
    )
    const a = serverNamed(parsed, 'a')
    expect(a.input).toMatchObject({ args: ['--port', '8080'], env: { PORT: { value: '8080' } } })
    expect(a.notes).toContain('env "MY-VAR" is not imported: an env name is letters, digits and "_"')
  })

  it('a server that cannot be imported is listed in the file notes, the rest still import', () => {
    const parsed = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          ok: { command: 'ok-server' },
          remote: { url: 'ftp://example.com/mcp' },
          broken: { args: ['x'] },
          typed: { type: 'websocket', url: 'ws://x' },
          list: 'not an object',
        },
      }),
    )
    expect(parsed.servers.map((s) => s.sourceName)).toEqual(['ok'])
    expect(parsed.notes).toEqual([
      '"remote" was not imported: url: url must be an http(s) URL',
      '"broken" was not imported: it has neither a command nor a URL',
      '"typed" was not imported: its type "websocket" is not one MCP Desk knows',
      '"list" was not imported: the entry is not an object',
    ])
  })
})
