// What an import grants (issue 19, items 8 and 11): each row of the preview says what affects trust
// (sampling policy, env and header names marked secret or plain, the command line or URL), a file's
// "allow" sampling arrives as "ask" unless the user allows it on that row, a file with more servers than
// one import takes is refused at preview in plain words, and a malformed apply never shows zod's dump.
import { describe, expect, it } from 'vitest'
import { ImportService } from '../../../../../src/main/core/config/import/import-service'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { fixtureText, manyServers } from './fixture-files'

const OPENCODE = fixtureText('opencode/mimocode.jsonc')
const CLAUDE_DESKTOP = fixtureText('claude-desktop/claude_desktop_config.json')

function setup() {
  const configs = new ServerConfigService(
    new SettingsService(new MemoryJsonDocument()),
    new MemorySecretStore(),
  )
  const service = new ImportService({
    parse: parseMcpConfig,
    configs,
    replace: (id, input) => Promise.resolve(configs.update(id, input)),
    environment: () => ({}),
  })
  return { service, configs }
}

const samplingOf = (configs: ServerConfigService, name: string) =>
  configs.list().find((config) => config.name === name)?.sampling

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<IpcFailure> {
  const caught: unknown = await (
    typeof promise === 'function' ? Promise.resolve().then(promise) : promise
  ).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(caught).toBeInstanceOf(IpcFailure)
  return caught as IpcFailure
}

describe('import preview: what each row grants', () => {
  it("shows each row's sampling policy, and a file's allow arrives as ask", async () => {
    const { service, configs } = setup()
    const preview = service.preview(OPENCODE, 'mimocode.jsonc')
    const row = (name: string) => preview.rows.find((candidate) => candidate.sourceName === name)
    expect(row('summarizer')).toMatchObject({ sampling: 'ask', fileAllowsSampling: true })
    expect(row('scratch')).toMatchObject({ sampling: 'deny', fileAllowsSampling: false })
    expect(row('filesystem')).toMatchObject({ sampling: 'ask', fileAllowsSampling: false })

    await service.apply({
      previewId: preview.previewId,
      decisions: [],
      placeholderValues: { '${env:OPENAI_API_KEY}': 'sk-test-0123456789' },
    })
    expect(samplingOf(configs, 'summarizer')).toBe('ask')
    expect(samplingOf(configs, 'scratch')).toBe('deny')
  })

  it('keeps allow only on the rows where the user picks it', async () => {
    const { service, configs } = setup()
    const preview = service.preview(OPENCODE, 'mimocode.jsonc')
    const refused = await failure(
      service.apply({
        previewId: preview.previewId,
        decisions: [{ sourceName: 'filesystem', action: 'add', allowSampling: true }],
        placeholderValues: { '${env:OPENAI_API_KEY}': 'sk-test-0123456789' },
      }),
    )
    expect(refused.message).toBe(
      '"filesystem" does not ask to allow sampling; change its policy in the servers panel after importing',
    )
    expect(configs.list()).toEqual([])

    await service.apply({
      previewId: preview.previewId,
      decisions: [{ sourceName: 'summarizer', action: 'add', allowSampling: true }],
      placeholderValues: { '${env:OPENAI_API_KEY}': 'sk-test-0123456789' },
    })
    expect(samplingOf(configs, 'summarizer')).toBe('allow')
    expect(samplingOf(configs, 'filesystem')).toBe('ask')
  })

  it('names env and header entries, marked secret or plain, never with their values', () => {
    const { service } = setup()
    const desktop = service.preview(CLAUDE_DESKTOP, 'claude_desktop_config.json')
    const github = desktop.rows.find((row) => row.sourceName === 'github')
    expect(github).toMatchObject({
      destination: 'npx -y @modelcontextprotocol/server-github',
      env: [{ name: 'GITHUB_PERSONAL_ACCESS_TOKEN', secret: true }],
      headers: [],
    })
    expect(desktop.rows.find((row) => row.sourceName === 'filesystem')?.env).toEqual([
      { name: 'LOG_LEVEL', secret: false },
    ])
    const opencode = service.preview(OPENCODE, 'mimocode.jsonc')
    expect(opencode.rows.find((row) => row.sourceName === 'linear')).toMatchObject({
      destination: 'https://mcp.linear.app/mcp',
      headers: [{ name: 'X-Workspace', secret: false }],
    })
    // A secret placeholder marks the value secret whatever its name.
    expect(opencode.rows.find((row) => row.sourceName === 'summarizer')?.env).toEqual([
      { name: 'OPENAI_API_KEY', secret: true },
    ])
    expect(JSON.stringify([desktop, opencode])).not.toContain('"debug"')
  })
})

describe('import limits', () => {
  it('refuses at preview, in plain words, a file with more servers than one import takes', async () => {
    const { service, configs } = setup()
    const big = manyServers(35_000)
    expect(big.length).toBeLessThan(5 * 1024 * 1024)
    const refused = await failure(() => service.preview(big, 'claude_desktop_config.json'))
    expect(refused).toMatchObject({
      code: 'validation_failed',
      message: 'This file lists 35,000 servers; MCP Desk imports at most 1,000 at a time',
    })
    expect(configs.list()).toEqual([])
    // 1,000 is still fine.
    expect(service.preview(manyServers(1000), 'claude_desktop_config.json').rows).toHaveLength(1000)
  })

  it('answers a malformed apply with a sentence, never the zod issue dump', async () => {
    const { service } = setup()
    const preview = service.preview(CLAUDE_DESKTOP, 'claude_desktop_config.json')
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ sourceName: `s${i}`, action: 'skip' as const }))
    const refused = await failure(service.apply({ previewId: preview.previewId, decisions: tooMany }))
    expect(refused.code).toBe('validation_failed')
    expect(refused.message).toBe(
      'The import request is not valid: decisions: at most 1,000 servers at a time',
    )
    const wrongType = await failure(
      service.apply({ previewId: preview.previewId, decisions: 'all' as unknown as [] }),
    )
    expect(wrongType.message).toMatch(/^The import request is not valid: decisions: /)
    expect(wrongType.message).not.toMatch(/[[{]/)
  })
})
