// A registry server.json mapped onto the import preview's parsed config: the exact argv per package type
// (one element per value, shell metacharacters kept as they are, never a shell), the placeholders the user
// is asked for, and refusals in words for what MCP Desk cannot run.
import { describe, expect, it } from 'vitest'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { serverJsonToParsedConfig } from '../../../../../src/main/core/registry/install/server-json-config'
import type { ParsedConfig } from '../../../../../src/shared/import/import-types'
import { serverJsonSchema, type ServerJson } from '../../../../../src/shared/registry/server-json'

const REGISTRY = 'https://registry.modelcontextprotocol.io'

function entry(extra: Partial<ServerJson>): ServerJson {
  return serverJsonSchema.parse({
    name: 'io.github.example/weather',
    title: 'Weather',
    description: 'Forecasts',
    version: '1.4.0',
    repository: { url: 'https://github.com/example/weather', source: 'github' },
    ...extra,
  })
}

function only(parsed: ParsedConfig) {
  expect(parsed.servers).toHaveLength(1)
  return parsed.servers[0]!
}

const stdio = { type: 'stdio' as const }

describe('serverJsonToParsedConfig: packages', () => {
  it('runs an npm package with npx -y <id>@<version>, runtime arguments first, each value one argv element', () => {
    const server = entry({
      packages: [
        {
          registryType: 'npm',
          identifier: '@example/weather-mcp',
          version: '1.4.0',
          transport: stdio,
          runtimeArguments: [{ type: 'named', name: '--node-options', value: '--max-old-space-size=512' }],
          packageArguments: [
            { type: 'positional', value: '/data/my files; rm -rf ~' },
            { type: 'named', name: '--units', value: '{units}', variables: { units: { default: 'metric' } } },
            { type: 'named', name: '--city', isRequired: true, description: 'City to watch' },
            { type: 'named', name: '--verbose', description: 'More logging' },
          ],
          environmentVariables: [
            { name: 'WEATHER_API_KEY', isSecret: true, isRequired: true, description: 'Your API key' },
            { name: 'LOG_LEVEL', value: 'info' },
            { name: 'CACHE_DIR', description: 'Where to cache' },
          ],
        },
      ],
    })
    const parsed = serverJsonToParsedConfig(server, { kind: 'package', index: 0 }, { registryUrl: REGISTRY })
    expect(parsed.format).toBe('mcp-registry')
    const imported = only(parsed)
    expect(imported.sourceName).toBe('io.github.example/weather')
    expect(imported.input).toMatchObject({
      name: 'Weather',
      transport: 'stdio',
      command: 'npx',
      args: [
        '-y',
        '--node-options',
        '--max-old-space-size=512',
        '@example/weather-mcp@1.4.0',
        '/data/my files; rm -rf ~',
        '--units',
        'metric',
        '--city',
        '${input:city}',
      ],
      env: { WEATHER_API_KEY: { value: '${input:WEATHER_API_KEY}' }, LOG_LEVEL: { value: 'info' } },
    })
    expect(JSON.stringify(imported.input)).not.toContain('sh -c')
    expect(parsed.placeholders).toEqual([
      {
        token: '${input:city}',
        kind: 'input',
        name: 'city',
        description: 'City to watch',
        secret: false,
        locations: ['io.github.example/weather: args[8]'],
      },
      {
        token: '${input:WEATHER_API_KEY}',
        kind: 'input',
        name: 'WEATHER_API_KEY',
        description: 'Your API key',
        secret: true,
        locations: ['io.github.example/weather: env.WEATHER_API_KEY'],
      },
    ])
    expect(imported.notes).toEqual(
      expect.arrayContaining([
        'From the MCP registry https://registry.modelcontextprotocol.io: io.github.example/weather version 1.4.0',
        'Source repository: https://github.com/example/weather',
        'The package argument --verbose is optional and has no default, so it is left out; add it after import if you need it',
        'The env variable CACHE_DIR is optional and has no default, so it is left out; add it after import if you need it',
        'args[4] ("/data/my files; rm -rf ~") contains shell metacharacters: it is passed as a literal argument; MCP Desk never uses a shell',
      ]),
    )
  })

  it('runs a PyPI package with uvx <id>@<version> and asks for a positional value named by its hint', () => {
    const server = entry({
      packages: [
        {
          registryType: 'pypi',
          identifier: 'weather-mcp',
          version: '2.0.1',
          transport: stdio,
          packageArguments: [
            {
              type: 'positional',
              valueHint: 'workspace',
              description: 'Folder to serve',
              format: 'filepath',
            },
            { type: 'positional', value: '$(whoami)`id`|cat', isRepeated: true },
          ],
        },
      ],
    })
    const imported = only(
      serverJsonToParsedConfig(server, { kind: 'package', index: 0 }, { registryUrl: REGISTRY }),
    )
    expect(imported.input).toMatchObject({
      command: 'uvx',
      args: ['weather-mcp@2.0.1', '${input:workspace}', '$(whoami)`id`|cat'],
    })
    expect(imported.notes).toContain(
      'args[2] ("$(whoami)`id`|cat") contains shell metacharacters: it is passed as a literal argument; MCP Desk never uses a shell',
    )
    expect(imported.notes.some((note) => note.includes('may be given more than once'))).toBe(true)
  })

  it('runs an OCI image with docker run -i --rm, passing env variables by name only', () => {
    const server = entry({
      packages: [
        {
          registryType: 'oci',
          identifier: 'ghcr.io/example/weather',
          version: '1.4.0',
          transport: stdio,
          runtimeArguments: [{ type: 'named', name: '--network', value: 'none' }],
          packageArguments: [{ type: 'named', name: '--mode', value: 'read-only' }],
          environmentVariables: [
            { name: 'API_TOKEN', isSecret: true },
            { name: 'REGION', value: 'eu && echo pwned' },
          ],
        },
      ],
    })
    const imported = only(
      serverJsonToParsedConfig(server, { kind: 'package', index: 0 }, { registryUrl: REGISTRY }),
    )
    expect(imported.input).toMatchObject({
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--network',
        'none',
        '-e',
        'API_TOKEN',
        '-e',
        'REGION',
        'ghcr.io/example/weather:1.4.0',
        '--mode',
        'read-only',
      ],
      env: { API_TOKEN: { value: '${input:API_TOKEN}' }, REGION: { value: 'eu && echo pwned' } },
    })
    expect(JSON.stringify(imported.input.transport === 'stdio' && imported.input.args)).not.toContain('pwned')
    // An image reference that already names its tag or digest is used as it is.
    const tagged = entry({
      packages: [
        { registryType: 'oci', identifier: 'docker.io/ex/w@sha256:abc', version: '9', transport: stdio },
      ],
    })
    const input = only(
      serverJsonToParsedConfig(tagged, { kind: 'package', index: 0 }, { registryUrl: REGISTRY }),
    ).input
    expect(input.transport === 'stdio' && input.args).toEqual([
      'run',
      '-i',
      '--rm',
      'docker.io/ex/w@sha256:abc',
    ])
  })

  it('refuses what it cannot run, in words', () => {
    const server = entry({
      packages: [
        { registryType: 'nuget', identifier: 'Weather.Mcp', version: '1.0.0', transport: stdio },
        {
          registryType: 'npm',
          identifier: 'weather-http',
          version: '1.0.0',
          transport: { type: 'streamable-http', url: 'http://localhost:{port}/mcp' },
        },
        { registryType: 'mcpb', identifier: 'https://example.com/w.mcpb', transport: stdio },
      ],
    })
    const map = (index: number) => () =>
      serverJsonToParsedConfig(server, { kind: 'package', index }, { registryUrl: REGISTRY })
    expect(map(0)).toThrow(
      'MCP Desk cannot install nuget packages; it runs npm, PyPI and Docker (OCI) packages',
    )
    expect(map(1)).toThrow('MCP Desk cannot yet start a package and then connect to its URL')
    expect(map(2)).toThrow('is an MCP bundle (.mcpb)')
    expect(map(3)).toThrow('io.github.example/weather 1.4.0 has no package number 4')
  })
})

describe('serverJsonToParsedConfig: remotes', () => {
  it('asks for URL variables and secret headers as placeholders, and says where the entry came from', () => {
    const server = entry({
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://{tenant}.weather.example/mcp?region={region}',
          variables: {
            tenant: { description: 'Your tenant', isRequired: true },
            region: { default: 'eu' },
          },
          headers: [
            {
              name: 'Authorization',
              value: 'Bearer {token}',
              variables: { token: { isSecret: true, description: 'API token' } },
            },
            { name: 'X-Client', value: 'mcp-desk' },
          ],
        },
        { type: 'sse', url: 'https://weather.example/sse' },
      ],
    })
    const parsed = serverJsonToParsedConfig(
      server,
      { kind: 'remote', index: 0 },
      {
        registryUrl: REGISTRY,
        meta: { status: 'deprecated', statusMessage: 'Use weather-v2' },
      },
    )
    const imported = only(parsed)
    expect(imported.input).toMatchObject({
      transport: 'http',
      url: 'https://${input:tenant}.weather.example/mcp?region=eu',
      headers: { Authorization: { value: 'Bearer ${input:token}' }, 'X-Client': { value: 'mcp-desk' } },
    })
    expect(parsed.placeholders.map((p) => [p.token, p.secret, p.description])).toEqual([
      ['${input:tenant}', false, 'Your tenant'],
      ['${input:token}', true, 'API token'],
    ])
    expect(imported.notes).toContain('The registry marks this server deprecated: Use weather-v2')
    const sse = only(
      serverJsonToParsedConfig(server, { kind: 'remote', index: 1 }, { registryUrl: REGISTRY }),
    )
    expect(sse.input).toMatchObject({ transport: 'sse', url: 'https://weather.example/sse' })
  })
})

describe('a server.json file dropped like a config', () => {
  it('is detected from its content and mapped as a registry install maps it', () => {
    const file = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.example/weather',
      version: '1.4.0',
      packages: [
        {
          registryType: 'mcpb',
          identifier: 'https://example.com/w.mcpb',
          fileSha256: 'ab'.repeat(32),
          transport: stdio,
        },
        {
          registryType: 'npm',
          identifier: '@example/weather-mcp',
          version: '1.4.0',
          transport: stdio,
          environmentVariables: [{ name: 'WEATHER_KEY', isSecret: true, description: 'API key' }],
        },
      ],
    }
    const parsed = parseMcpConfig(JSON.stringify(file), { fileName: 'server.json' })
    expect(parsed.format).toBe('mcp-registry')
    expect(only(parsed).input).toMatchObject({
      name: 'weather',
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.4.0'],
    })
    expect(only(parsed).notes[0]).toBe(
      'From a server.json file: io.github.example/weather version 1.4.0; MCP Desk did not check it against a registry',
    )
    expect(parsed.placeholders.map((p) => [p.token, p.secret, p.description])).toEqual([
      ['${input:WEATHER_KEY}', true, 'API key'],
    ])
    // A registry answer saved from the API reads the same.
    expect(parseMcpConfig(JSON.stringify({ server: file, _meta: {} })).servers[0]!.input).toEqual(
      only(parsed).input,
    )
  })

  it('refuses, in words, an entry MCP Desk cannot run from a file', () => {
    const bundleOnly = {
      name: 'io.github.example/hello',
      version: '1.0.0',
      packages: [{ registryType: 'mcpb', identifier: 'https://example.com/h.mcpb', transport: stdio }],
    }
    expect(() => parseMcpConfig(JSON.stringify(bundleOnly))).toThrow(
      'None of the servers in this MCP registry entry (server.json) file can be imported: "io.github.example/hello" was not imported: io.github.example/hello is published only as an MCP bundle (.mcpb)',
    )
    expect(() => parseMcpConfig(JSON.stringify({ ...bundleOnly, name: 'no slash', packages: [] }))).toThrow(
      'is not an MCP config',
    )
  })
})
