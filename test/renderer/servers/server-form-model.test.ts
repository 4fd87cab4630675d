// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  buildServerInput,
  emptyServerForm,
  hasOAuthSettings,
  parseArgs,
  serverFormFromConfig,
  type ServerFormState,
} from '../../../src/renderer/src/servers/server-form-model'
import { newRow, urlHasHiddenParts } from '../../../src/renderer/src/ui/value-rows-model'
import { serverOAuthConfigSchema } from '../../../src/shared/settings/settings-schema'
import type { ServerOAuthView } from '../../../src/shared/settings/settings-view'
import { httpConfigFixture, stdioConfigFixture } from '../support/server-fixtures'

function stdioForm(overrides: Partial<ServerFormState> = {}): ServerFormState {
  return { ...emptyServerForm(), name: 'Notes', command: 'notes-mcp', ...overrides }
}

function oauthOf(form: ServerFormState): unknown {
  const built = buildServerInput(form)
  return built.ok && built.input.transport !== 'stdio' ? built.input.oauth : 'refused'
}

function errorsOf(form: ServerFormState): Record<string, string> {
  const built = buildServerInput(form)
  if (built.ok) throw new Error('expected problems')
  return built.errors
}

describe('server form model', () => {
  it('takes arguments one per line, literally, ignoring empty lines', () => {
    expect(parseArgs('--root\n/home/ada/My Notes\r\n\n  \n--name="x y"\n')).toEqual([
      '--root',
      '/home/ada/My Notes',
      '--name="x y"',
    ])
    expect(parseArgs('')).toEqual([])
  })

  it('builds a stdio input with new values as { value }, and leaves cwd out when empty', () => {
    const token = { ...newRow(), name: 'NOTES_TOKEN', value: 's3cret' }
    const built = buildServerInput(stdioForm({ args: '--stdio\n--verbose', env: [token], sampling: 'deny' }))
    expect(built).toEqual({
      ok: true,
      input: {
        transport: 'stdio',
        name: 'Notes',
        command: 'notes-mcp',
        args: ['--stdio', '--verbose'],
        env: { NOTES_TOKEN: { value: 's3cret' } },
        enabled: true,
        sampling: 'deny',
        toolsAlwaysLoaded: false,
        protocol: 'auto',
      },
    })
  })

  it('builds an http input with header values', () => {
    const header = { ...newRow(), name: 'Authorization', value: 'Bearer abc' }
    const built = buildServerInput({
      ...emptyServerForm(),
      transport: 'http',
      name: 'Remote',
      url: ' https://mcp.example.com/mcp ',
      headers: [header],
      enabled: false,
    })
    expect(built).toMatchObject({
      ok: true,
      input: {
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: { value: 'Bearer abc' } },
        enabled: false,
        sampling: 'ask',
      },
    })
  })

  it('builds a legacy SSE input; OAuth fields left empty send no oauth block', () => {
    const remote = {
      ...emptyServerForm(),
      transport: 'sse' as const,
      name: 'Legacy',
      url: 'https://l.example/sse',
    }
    const built = buildServerInput(remote)
    expect(built).toMatchObject({ ok: true, input: { transport: 'sse', url: 'https://l.example/sse' } })
    expect(built.ok && built.input).not.toHaveProperty('oauth')

    const withClient = buildServerInput({
      ...remote,
      oauthClientId: ' desk ',
      oauthClientSecret: { stored: null, value: 'typed' },
      oauthScopes: 'a  b\tc',
    })
    expect(withClient).toMatchObject({
      ok: true,
      input: { oauth: { clientId: 'desk', clientSecret: { value: 'typed' }, scopes: ['a', 'b', 'c'] } },
    })
  })

  it('keeps a stored OAuth client secret unless replaced or removed, and wants its client id', () => {
    const form = serverFormFromConfig(
      httpConfigFixture({
        id: 'docs',
        oauth: { clientId: 'desk', clientSecret: { masked: true }, scopes: ['read'] },
      }),
    )
    expect(form).toMatchObject({
      transport: 'http',
      oauthClientId: 'desk',
      oauthClientSecret: { stored: { masked: true }, value: '' },
      oauthScopes: 'read',
    })
    expect(oauthOf(form)).toEqual({ clientId: 'desk', clientSecret: { keep: true }, scopes: ['read'] })
    expect(oauthOf({ ...form, oauthClientSecret: { stored: null, value: '' } })).toEqual({
      clientId: 'desk',
      scopes: ['read'],
    })
    expect(errorsOf({ ...form, oauthClientId: '' })).toEqual({
      oauthClientId: 'enter the client id this secret belongs to',
    })
  })

  it('keeps a saved client id metadata URL on edit, trimmed, and drops it once emptied', () => {
    const url = 'https://desk.example.org/oauth/client.json'
    const form = serverFormFromConfig(httpConfigFixture({ id: 'docs', oauth: { clientMetadataUrl: url } }))
    expect(form.oauthClientMetadataUrl).toBe(url)
    expect(hasOAuthSettings(form)).toBe(true)
    expect(oauthOf({ ...form, name: 'Renamed' })).toEqual({ clientMetadataUrl: url })
    expect(oauthOf({ ...form, oauthClientMetadataUrl: ` ${url}\n` })).toEqual({ clientMetadataUrl: url })
    expect(oauthOf({ ...form, oauthClientMetadataUrl: '  ' })).toBeUndefined()
    expect(errorsOf({ ...form, oauthClientMetadataUrl: 'https://desk.example.org/' })).toEqual({
      oauthClientMetadataUrl: 'a client id metadata document URL needs a path',
    })
  })

  it('round-trips every field a server oauth block can hold, so an edit loses none of them', () => {
    // Required<>: a field added to the view must be listed here, and the key check below catches a field
    // added to the settings schema but not to the view (the IPC response would strip it on the way).
    const saved: Required<ServerOAuthView> = {
      clientId: 'desk',
      clientSecret: { secret: 'server.docs.oauth.clientSecret' },
      clientMetadataUrl: 'https://desk.example.org/oauth/client.json',
      scopes: ['read', 'write'],
    }
    expect(Object.keys(saved).sort()).toEqual(Object.keys(serverOAuthConfigSchema.shape).sort())
    const form = serverFormFromConfig(httpConfigFixture({ id: 'docs', oauth: saved }))
    expect(oauthOf(form)).toEqual({ ...saved, clientSecret: { keep: true } })
  })

  it('fills an edit form without any stored value: saved rows are masked, values empty', () => {
    const form = serverFormFromConfig(
      stdioConfigFixture({
        id: 'notes',
        name: 'Notes',
        command: '/opt/notes',
        args: ['--a', 'b c'],
        cwd: '/srv',
        env: { TOKEN: { secret: 'server.notes.env.TOKEN' }, DEBUG: { masked: true } },
        sampling: 'allow',
        enabled: false,
      }),
    )
    expect(form).toMatchObject({ name: 'Notes', command: '/opt/notes', args: '--a\nb c', cwd: '/srv' })
    expect(form).toMatchObject({ sampling: 'allow', enabled: false })
    expect(form.env.map((row) => [row.name, row.stored, row.value])).toEqual([
      ['TOKEN', { secret: 'server.notes.env.TOKEN' }, ''],
      ['DEBUG', { masked: true }, ''],
    ])
  })

  it('carries "always offer the tools" from the config to the input, false when the config has none', () => {
    const always = serverFormFromConfig(httpConfigFixture({ id: 'r', toolsAlwaysLoaded: true }))
    expect(always.toolsAlwaysLoaded).toBe(true)
    expect(buildServerInput(always)).toMatchObject({ ok: true, input: { toolsAlwaysLoaded: true } })
    const plain = serverFormFromConfig(stdioConfigFixture({ id: 'notes' }))
    expect(plain.toolsAlwaysLoaded).toBe(false)
    expect(buildServerInput(plain)).toMatchObject({ ok: true, input: { toolsAlwaysLoaded: false } })
    expect(emptyServerForm().toolsAlwaysLoaded).toBe(false)
  })

  it('carries a pinned protocol from the config to the input; SSE servers always negotiate nothing', () => {
    const pinned = serverFormFromConfig(stdioConfigFixture({ id: 'notes', protocol: '2025-11-25' }))
    expect(pinned.protocol).toBe('2025-11-25')
    expect(buildServerInput(pinned)).toMatchObject({ ok: true, input: { protocol: '2025-11-25' } })
    expect(emptyServerForm().protocol).toBe('auto')
    const sse = { ...serverFormFromConfig(httpConfigFixture({ id: 'r' })), transport: 'sse' as const }
    expect(buildServerInput({ ...sse, protocol: '2026-07-28' })).toMatchObject({
      ok: true,
      input: { protocol: 'auto' },
    })
  })

  it('keeps a saved value left empty, replaces a typed one, and drops a removed row', () => {
    const form = serverFormFromConfig(
      stdioConfigFixture({
        id: 'notes',
        env: { KEEP: { masked: true }, REPLACE: { secret: 'shared' }, DROP: { masked: true } },
      }),
    )
    const [keep, replace] = form.env
    const edited = { ...form, env: [keep!, { ...replace!, value: 'new-value' }] }
    const built = buildServerInput(edited)
    expect(built.ok && built.input.transport === 'stdio' && built.input.env).toEqual({
      KEEP: { keep: true },
      REPLACE: { value: 'new-value' },
    })
  })

  it('asks for the full URL again when the saved one has hidden parts', () => {
    expect(urlHasHiddenParts('https://mcp.example.com/mcp?key=***')).toBe(true)
    expect(urlHasHiddenParts('https://***:***@mcp.example.com/mcp')).toBe(true)
    expect(urlHasHiddenParts('https://mcp.example.com/mcp?page=2')).toBe(false)
    const form = serverFormFromConfig(httpConfigFixture({ id: 'r', url: 'https://h.example/mcp?key=***' }))
    expect(form.url).toBe('')
    expect(form.hiddenUrl).toBe('https://h.example/mcp?key=***')
    expect(errorsOf(form).url).toMatch(/enter the full URL again/)
    expect(buildServerInput({ ...form, url: 'https://h.example/mcp?key=real' }).ok).toBe(true)

    const plain = serverFormFromConfig(httpConfigFixture({ id: 'p', url: 'https://h.example/mcp' }))
    expect(plain.url).toBe('https://h.example/mcp')
  })

  it('puts each schema problem on its field, with the schema’s own words', () => {
    expect(errorsOf({ ...emptyServerForm(), name: '  ', command: '' })).toEqual({
      name: 'name must not be empty',
      command: 'command must not be empty',
    })
    expect(errorsOf({ ...emptyServerForm(), transport: 'http', name: 'r', url: 'ftp://x' })).toEqual({
      url: 'url must be an http(s) URL',
    })
  })

  it('flags a bad env or header name on its row', () => {
    const bad = { ...newRow(), name: 'BAD KEY', value: 'v' }
    expect(errorsOf(stdioForm({ env: [bad] }))).toEqual({
      [`env.${bad.rowId}.name`]: 'an env name is letters, digits and "_"',
    })
    const header = { ...newRow(), name: 'Bad Header', value: 'v' }
    expect(errorsOf({ ...stdioForm(), transport: 'http', url: 'https://x.dev', headers: [header] })).toEqual({
      [`headers.${header.rowId}.name`]: 'not a valid HTTP header name',
    })
  })

  it('flags a new row without a value or name, and a duplicate name; ignores a blank new row', () => {
    const noValue = { ...newRow(), name: 'A' }
    const noName = { ...newRow(), value: 'v' }
    const first = { ...newRow(), name: 'B', value: '1' }
    const duplicate = { ...newRow(), name: 'B', value: '2' }
    const blank = newRow()
    expect(errorsOf(stdioForm({ env: [noValue, noName, first, duplicate, blank] }))).toEqual({
      [`env.${noValue.rowId}.value`]: 'enter a value, or remove the row',
      [`env.${noName.rowId}.name`]: 'enter the variable name',
      [`env.${duplicate.rowId}.name`]: 'B is already set above',
    })
  })

  it('sends the allowed models and the daily budget only when set, and reads them back from a config', () => {
    const plain = buildServerInput(stdioForm())
    expect(plain.ok && 'samplingModels' in plain.input).toBe(false)
    expect(plain.ok && 'samplingDailyTokens' in plain.input).toBe(false)

    const limited = buildServerInput(
      stdioForm({ samplingModels: ['ollama/*', 'openai/gpt-4o-mini'], samplingDailyTokens: ' 50000 ' }),
    )
    expect(limited).toMatchObject({
      ok: true,
      input: { samplingModels: ['ollama/*', 'openai/gpt-4o-mini'], samplingDailyTokens: 50000 },
    })

    const form = serverFormFromConfig(
      stdioConfigFixture({ id: 'notes', samplingModels: ['ollama/*'], samplingDailyTokens: 1000 }),
    )
    expect(form.samplingModels).toEqual(['ollama/*'])
    expect(form.samplingDailyTokens).toBe('1000')
    expect(serverFormFromConfig(stdioConfigFixture({ id: 'notes' })).samplingDailyTokens).toBe('')
  })

  it('puts a bad daily budget on its field', () => {
    expect(errorsOf(stdioForm({ samplingDailyTokens: 'lots' }))).toEqual({
      samplingDailyTokens: 'enter a number of tokens, or leave it empty for no budget',
    })
    expect(errorsOf(stdioForm({ samplingDailyTokens: '0' }))).toEqual({
      samplingDailyTokens: 'the daily token budget must be more than 0',
    })
    expect(errorsOf(stdioForm({ samplingDailyTokens: '10.5' }))).toEqual({
      samplingDailyTokens: 'the daily token budget must be a whole number',
    })
  })
})
