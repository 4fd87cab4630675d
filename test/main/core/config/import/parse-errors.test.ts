import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  ConfigParseError,
  parseMcpConfig,
  type ConfigParseErrorCode,
} from '../../../../../src/main/core/config/import/parse-mcp-config'
import { IMPORT_FORMAT_LABELS, IMPORT_MAX_BYTES } from '../../../../../src/shared/import/import-types'
import { fixtureText } from './fixture-files'

function parseError(text: string, fileName?: string): ConfigParseError {
  try {
    parseMcpConfig(text, fileName === undefined ? {} : { fileName })
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigParseError)
    return error as ConfigParseError
  }
  throw new Error('expected a ConfigParseError')
}

function expectError(
  text: string,
  code: ConfigParseErrorCode,
  line?: number,
  column?: number,
): ConfigParseError {
  const error = parseError(text)
  expect(error.code).toBe(code)
  expect(error.line).toBe(line)
  expect(error.column).toBe(column)
  return error
}

describe('bad input', () => {
  it('malformed JSON reports the line and column of the missing comma', () => {
    const error = expectError(fixtureText('broken/claude_desktop_config.json.txt'), 'syntax', 6, 7)
    expect(error.message).toBe('Malformed JSON: a "," was expected (line 6, column 7)')
  })

  it('malformed YAML reports line and column', () => {
    const error = expectError(fixtureText('broken/config.yaml.txt'), 'syntax', 6, 3)
    expect(error.message).toMatch(/^Malformed YAML: .+ \(line 6, column 3\)$/)
  })

  it('malformed TOML reports line and column', () => {
    const error = expectError(fixtureText('broken/config.toml.txt'), 'syntax', 6, 34)
    expect(error.message).toMatch(/^Malformed TOML: .+ \(line 6, column 34\)$/)
  })

  it('a well-formed file in none of the formats is "not an MCP config", naming every format tried', () => {
    const error = expectError(fixtureText('not-mcp/package.json'), 'not-mcp-config')
    expect(error.message).toContain('not an MCP config')
    for (const label of Object.values(IMPORT_FORMAT_LABELS)) expect(error.message).toContain(label)
    // Scalars and arrays are well-formed too, and no config either.
    expectError('just some words', 'not-mcp-config')
    expectError('[1, 2, 3]', 'not-mcp-config')
    expectError('{"mcpServers": ["a", "b"]}', 'not-mcp-config')
  })

  it('files over the size limit are refused before parsing', () => {
    // Under the limit in UTF-16 units, over it in UTF-8 bytes: the limit is on bytes.
    const wide = '€'.repeat(Math.ceil(IMPORT_MAX_BYTES / 3) + 1)
    expect(wide.length).toBeLessThan(IMPORT_MAX_BYTES)
    const error = expectError(wide, 'too-large')
    expect(error.message).toMatch(/larger than 5 MiB are refused/)
  })

  it('an empty file, or one with only comments, says so', () => {
    expectError('', 'empty')
    expectError('  \n\t\n', 'empty')
    expectError('\uFEFF', 'empty')
    expectError('# only a comment\n', 'empty')
  })

  it('an empty server list is a clear error', () => {
    const error = expectError('{ "mcpServers": {} }', 'no-servers')
    expect(error.message).toBe('The Claude Desktop (claude_desktop_config.json) file declares no MCP servers')
    expectError('[mcp_servers]\n', 'no-servers')
  })

  it('a file whose every server fails says why each was not imported', () => {
    const error = expectError('{ "mcpServers": { "a": { "args": [] }, "b": 3 } }', 'no-servers')
    expect(error.message).toBe(
      'None of the servers in this Claude Desktop (claude_desktop_config.json) file can be imported: "a" was not imported: it has neither a command nor a URL; "b" was not imported: the entry is not an object',
    )
  })

  it('absurd nesting is a syntax error with a position, not a stack overflow', () => {
    // Three objects deep, then arrays: the 62nd "[" is level 65, one past the limit.
    const prefix = '{"mcpServers": {"a": {"command": "x", "args": '
    expectError(`${prefix}${'['.repeat(100_000)}`, 'syntax', 1, prefix.length + 62)
    expect(parseError(`a: ${'['.repeat(100_000)}`).code).toBe('syntax')
    expect(parseError(`a = ${'['.repeat(100_000)}`).code).toBe('syntax')
    expect(parseError(`${'- '.repeat(5_000)}x`).code).toBe('syntax')
  })

  it('a __proto__ key is ignored, never taken for a prototype', () => {
    const parsed = parseMcpConfig(
      '{"__proto__": {"mcpServers": {"evil": {"command": "x"}}}, "mcpServers": {"a": {"command": "a"}}}',
    )
    expect(parsed.servers.map((s) => s.sourceName)).toEqual(['a'])
    expect(({} as Record<string, unknown>).mcpServers).toBeUndefined()
  })

  it('huge strings are carried or refused by the server schema, and notes stay short', () => {
    const huge = 'x'.repeat(200_000)
    const parsed = parseMcpConfig(
      JSON.stringify({ mcpServers: { a: { command: 'a', args: [huge], env: { BIG: huge }, [huge]: true } } }),
    )
    const a = parsed.servers[0]
    expect(a?.input).toMatchObject({ args: [huge], env: {} })
    expect(a?.notes).toEqual([
      `${'x'.repeat(59)}… is not supported by MCP Desk and was not imported`,
      'env.BIG is not imported: its value is longer than 65536 characters',
    ])
  })

  it('fuzz: random bytes, mutated fixtures and odd shapes only ever raise ConfigParseError', () => {
    const samples: string[] = []
    for (let i = 0; i < 200; i++) samples.push(randomBytes(1 + (i % 97) * 7).toString('latin1'))
    for (let i = 0; i < 50; i++) samples.push(randomBytes(64).toString('utf8'))
    const fixtures = [
      'claude-desktop/claude_desktop_config.json',
      'vscode/mcp.jsonc',
      'goose/config.yaml',
      'codex/config.toml',
      'opencode/mimocode.jsonc',
      'zed/settings.jsonc',
    ].map(fixtureText)
    for (const text of fixtures) {
      for (let i = 0; i < 60; i++) {
        const at = (i * 7919) % text.length
        samples.push(text.slice(0, at) + text.slice(at + 1 + (i % 5)))
        samples.push(text.slice(0, at) + String.fromCharCode(33 + (i % 90)) + text.slice(at))
      }
    }
    const shapes: unknown[] = [
      { mcpServers: { a: null } },
      { mcpServers: { a: { command: 1 } } },
      { mcpServers: { a: { command: 'x', args: 'y', env: [] } } },
      { mcpServers: { a: { command: 'x', env: { A: { nested: true } } } } },
      { servers: { a: { type: 'stdio' } }, inputs: 'no' },
      { mcp: { a: { type: 'local', command: [] } }, permission: { mcp_sampling: 7 } },
      { mcp: { a: { type: 'remote' } } },
      { context_servers: { a: { command: { args: [] } } } },
      { extensions: { a: { type: 'stdio', cmd: null } } },
      { mcp_servers: { a: { command: 'x', url: 'https://x' } } },
      { projects: { '/p': { mcpServers: 'nope' } }, mcpServers: { a: { type: 'http' } } },
      { mcpServers: { constructor: { command: 'x' }, toString: { command: 'y' } } },
    ]
    samples.push(...shapes.map((shape) => JSON.stringify(shape)))
    let parsedCount = 0
    for (const sample of samples) {
      try {
        parseMcpConfig(sample)
        parsedCount++
      } catch (error) {
        expect(error, JSON.stringify(sample.slice(0, 80))).toBeInstanceOf(ConfigParseError)
      }
    }
    // Some mutations keep a valid config: the loop is not just a pile of errors.
    expect(parsedCount).toBeGreaterThan(10)
  })
})
