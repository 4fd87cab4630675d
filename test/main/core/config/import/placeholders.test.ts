import { describe, expect, it } from 'vitest'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { looksSecret } from '../../../../../src/main/core/config/import/placeholders'
import { parseFixture, serverNamed } from './fixture-files'

describe('placeholders', () => {
  it('VS Code inputs: listed once with their description, password inputs secret, token kept in the value', () => {
    const parsed = parseFixture('vscode/mcp.jsonc')
    expect(parsed.placeholders).toEqual([
      {
        token: '${input:region}',
        kind: 'input',
        name: 'region',
        description: 'Search region (one of: eu, us; default eu)',
        secret: false,
        locations: ['perplexity: args[3]'],
      },
      {
        token: '${input:perplexity-key}',
        kind: 'input',
        name: 'perplexity-key',
        description: 'Perplexity API Key',
        secret: true,
        locations: ['perplexity: env.PERPLEXITY_API_KEY'],
      },
    ])
    expect(serverNamed(parsed, 'perplexity').input).toMatchObject({
      env: { PERPLEXITY_API_KEY: { value: '${input:perplexity-key}' } },
    })
    // ${workspaceFolder} is an editor variable, not something to ask for.
    expect(parsed.placeholders.map((p) => p.token)).not.toContain('${workspaceFolder}')
  })

  it('${env:NAME} and ${NAME} are env placeholders; one token used twice is one placeholder with two locations', () => {
    const parsed = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          api: {
            command: '${TOOLS_DIR}/api-server',
            args: ['--token', '${env:API_TOKEN}'],
            env: { API_TOKEN: '${env:API_TOKEN}', REGION: '${REGION}' },
            cwd: '${TOOLS_DIR}',
          },
          web: {
            url: 'https://${HOST}/mcp',
            headers: { Authorization: 'Bearer ${SESSION}', 'X-Region': '${REGION}' },
          },
        },
      }),
    )
    expect(parsed.placeholders).toEqual([
      {
        token: '${TOOLS_DIR}',
        kind: 'env',
        name: 'TOOLS_DIR',
        secret: false,
        locations: ['api: command', 'api: cwd'],
      },
      {
        token: '${env:API_TOKEN}',
        kind: 'env',
        name: 'API_TOKEN',
        secret: true,
        locations: ['api: args[1]', 'api: env.API_TOKEN'],
      },
      {
        token: '${REGION}',
        kind: 'env',
        name: 'REGION',
        secret: false,
        locations: ['api: env.REGION', 'web: headers.X-Region'],
      },
      { token: '${HOST}', kind: 'env', name: 'HOST', secret: false, locations: ['web: url'] },
      // The name says nothing, but it sits in an Authorization header.
      {
        token: '${SESSION}',
        kind: 'env',
        name: 'SESSION',
        secret: true,
        locations: ['web: headers.Authorization'],
      },
    ])
  })

  it('a placeholder in a secret-looking env var is secret whatever its own name', () => {
    const parsed = parseFixture('vscode-settings/settings.jsonc')
    expect(parsed.placeholders).toEqual([
      {
        token: '${input:brave-key}',
        kind: 'input',
        name: 'brave-key',
        description: 'Brave Search API key',
        secret: true,
        locations: ['brave-search: env.BRAVE_API_KEY'],
      },
    ])
  })

  it('placeholders from each format, with locations', () => {
    const tokens = (path: string) =>
      parseFixture(path).placeholders.map((p) => [p.token, p.kind, p.secret, p.locations])
    expect(tokens('claude-desktop/claude_desktop_config.json')).toEqual([
      ['${GITHUB_TOKEN}', 'env', true, ['github: env.GITHUB_PERSONAL_ACCESS_TOKEN']],
    ])
    expect(tokens('claude-code/claude.json')).toEqual([
      ['${SENTRY_AUTH_TOKEN}', 'env', true, ['sentry: headers.Authorization']],
    ])
    expect(tokens('windsurf/mcp_config.json')).toEqual([
      ['${env:GITHUB_TOKEN}', 'env', true, ['github: env.GITHUB_PERSONAL_ACCESS_TOKEN']],
    ])
    expect(tokens('zed/settings.jsonc')).toEqual([
      ['${PGPASSWORD}', 'env', true, ['postgres: env.PGPASSWORD']],
    ])
    expect(tokens('opencode/mimocode.jsonc')).toEqual([
      ['${env:OPENAI_API_KEY}', 'env', true, ['summarizer: env.OPENAI_API_KEY']],
    ])
    expect(tokens('gemini/settings.json')).toEqual([
      ['${MY_API_TOKEN}', 'env', true, ['python-tools: env.API_KEY']],
    ])
    expect(tokens('goose/config.yaml')).toEqual([
      ['${GITHUB_PERSONAL_ACCESS_TOKEN}', 'env', true, ['github: env.GITHUB_PERSONAL_ACCESS_TOKEN']],
    ])
    expect(tokens('codex/config.toml')).toEqual([
      ['${FIGMA_REGION}', 'env', false, ['figma: headers.X-Figma-Region']],
      ['${FIGMA_OAUTH_TOKEN}', 'env', true, ['figma: headers.Authorization']],
      ['${DOCS_API_KEY}', 'env', true, ['docs: env.DOCS_API_KEY']],
    ])
  })

  it('${VAR:-default} and editor variables stay as written, with a note on the server', () => {
    const parsed = parseFixture('claude-code/project.mcp.json')
    const docs = serverNamed(parsed, 'api-docs')
    expect(docs.input).toMatchObject({
      args: ['-y', '@acme/docs-mcp', '--base', '${API_BASE_URL:-https://api.example.com}'],
    })
    expect(docs.notes).toEqual([
      'args[3] uses ${API_BASE_URL:-https://api.example.com}; MCP Desk does not expand "${VAR:-default}" forms, so it is kept as written',
    ])
    expect(parsed.placeholders.map((p) => p.token)).toEqual(['${DOCS_TOKEN}'])

    const editor = parseMcpConfig(
      JSON.stringify({
        servers: { a: { type: 'stdio', command: 'node', args: ['${userHome}/a.js', '${config:a.b}'] } },
      }),
    )
    expect(editor.placeholders).toEqual([])
    expect(serverNamed(editor, 'a').notes).toEqual([
      'args[0] uses ${userHome}, which only an editor can expand: MCP Desk keeps it as written, so replace it after import',
      'args[1] uses ${config:a.b}, which only an editor can expand: MCP Desk keeps it as written, so replace it after import',
    ])
  })

  it("an argument naming a variable of the server's own env is left to the server (mcp-remote headers)", () => {
    const parsed = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          remote: {
            command: 'npx',
            args: [
              'mcp-remote',
              'https://example.com/mcp',
              '--header',
              'Authorization:${AUTH_HEADER}',
              '${OTHER}',
            ],
            env: { AUTH_HEADER: 'Bearer ${API_TOKEN}' },
          },
        },
      }),
    )
    expect(parsed.placeholders.map((p) => [p.token, p.locations])).toEqual([
      ['${OTHER}', ['remote: args[4]']],
      ['${API_TOKEN}', ['remote: env.AUTH_HEADER']],
    ])
    expect(serverNamed(parsed, 'remote').notes).toEqual([
      "args[3] refers to ${AUTH_HEADER}, which this server's env sets: the server expands it itself",
    ])
  })

  it('looksSecret: KEY, TOKEN, SECRET, PASSWORD, AUTH in any case', () => {
    for (const name of [
      'OPENAI_API_KEY',
      'github-token',
      'ClientSecret',
      'PGPASSWORD',
      'Authorization',
      'auth',
    ]) {
      expect(looksSecret(name), name).toBe(true)
    }
    for (const name of ['LOG_LEVEL', 'REGION', 'X-Workspace', 'HOME'])
      expect(looksSecret(name), name).toBe(false)
  })
})
