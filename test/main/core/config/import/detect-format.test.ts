import { describe, expect, it } from 'vitest'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { fixtureText } from './fixture-files'

describe('format detection', () => {
  it('comes from the content even when the file name says another client', () => {
    const cases: Array<[string, string, string]> = [
      ['vscode/mcp.jsonc', 'claude_desktop_config.json', 'vscode'],
      ['windsurf/mcp_config.json', 'mcp.json', 'windsurf'],
      ['cline/cline_mcp_settings.json', 'claude_desktop_config.json', 'cline'],
      ['gemini/settings.json', 'mcp.json', 'gemini'],
      ['claude-code/claude.json', 'mcp_config.json', 'claude-code'],
      ['zed/settings.jsonc', 'config.toml', 'zed'],
      ['opencode/mimocode.jsonc', 'settings.json', 'opencode'],
      ['goose/config.yaml', 'config.toml', 'goose'],
      ['codex/config.toml', 'config.yaml', 'codex'],
      ['cursor/mcp.json', 'claude_desktop_config.json', 'cursor'],
    ]
    for (const [path, fileName, format] of cases) {
      expect(parseMcpConfig(fixtureText(path), { fileName }).format, `${path} named ${fileName}`).toBe(format)
    }
  })

  it('uses the file name only to break a tie between formats the content fits equally', () => {
    // Nothing in a plain stdio mcpServers file tells the clients apart.
    const plain = JSON.stringify({ mcpServers: { a: { command: 'a-server', args: [] } } })
    expect(parseMcpConfig(plain).format).toBe('claude-desktop')
    expect(parseMcpConfig(plain, { fileName: '/home/ada/project/.mcp.json' }).format).toBe('claude-code')
    expect(parseMcpConfig(plain, { fileName: 'C:\\Users\\ada\\.cursor\\mcp.json' }).format).toBe('cursor')
    expect(parseMcpConfig(plain, { fileName: 'mcp_config.json' }).format).toBe('windsurf')
    expect(parseMcpConfig(plain, { fileName: 'cline_mcp_settings.json' }).format).toBe('cline')
    expect(parseMcpConfig(plain, { fileName: 'settings.json' }).format).toBe('gemini')
    expect(parseMcpConfig(plain, { fileName: 'notes.txt' }).format).toBe('claude-desktop')
  })

  it('tells the syntax from the content: JSON, JSONC, YAML and TOML', () => {
    const yaml = 'extensions:\n  a:\n    type: stdio\n    cmd: a-server\n'
    const toml = '[mcp_servers.a]\ncommand = "a-server"\n'
    const jsonc = '// servers\n{ "mcpServers": { "a": { "command": "a-server", }, }, }'
    expect(parseMcpConfig(yaml, { fileName: 'x.json' }).format).toBe('goose')
    expect(parseMcpConfig(toml, { fileName: 'x.json' }).format).toBe('codex')
    expect(parseMcpConfig(jsonc, { fileName: 'x.yaml' }).format).toBe('claude-desktop')
    // A YAML file with a line that looks like TOML (here inside a block scalar) is still YAML.
    const tomlish = `${yaml}    description: |\n      size = large\n`
    expect(parseMcpConfig(tomlish).format).toBe('goose')
  })
})
