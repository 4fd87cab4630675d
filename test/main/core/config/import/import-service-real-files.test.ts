// Preview and apply with the real parser: placeholders as the scan finds them in a VS Code mcp.json.
import { describe, expect, it } from 'vitest'
import { ImportService } from '../../../../../src/main/core/config/import/import-service'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'

const vscodeFile = JSON.stringify({
  inputs: [{ type: 'promptString', id: 'api-token', description: 'API token', password: true }],
  servers: {
    files: { command: 'files-mcp', args: ['${workspaceFolder}/docs'] },
    remote: {
      command: 'npx',
      args: ['mcp-remote', 'https://example.com/mcp', '--header', 'Authorization:${AUTH}'],
      env: { AUTH: 'Bearer ${input:api-token}' },
    },
    leaky: { command: 'leaky-mcp', args: ['--token', '${input:api-token}'] },
  },
})

function setup() {
  const doc = new MemoryJsonDocument()
  const configs = new ServerConfigService(new SettingsService(doc), new MemorySecretStore())
  const service = new ImportService({
    parse: parseMcpConfig,
    configs,
    replace: () => Promise.reject(new Error('no replace expected')),
    environment: () => ({ AUTH: 'from-the-environment' }),
  })
  return { service, configs, doc }
}

describe('ImportService with the real parser', () => {
  it('keeps editor variables and server-expanded references as written, resolving only placeholders', async () => {
    const { service, configs, doc } = setup()
    const preview = service.preview(vscodeFile, 'mcp.json')
    expect(preview.format).toBe('vscode')
    expect(preview.placeholders.map((p) => p.token)).toEqual(['${input:api-token}'])
    const leaky = preview.rows.find((row) => row.sourceName === 'leaky')!
    expect(leaky.notes.join('\n')).toContain('${input:api-token} in args[1] looks secret')
    const files = preview.rows.find((row) => row.sourceName === 'files')!
    expect(files.notes.join('\n')).toContain('${workspaceFolder}')

    await service.apply({
      previewId: preview.previewId,
      decisions: [{ sourceName: 'leaky', action: 'skip' }],
      placeholderValues: { '${input:api-token}': 'tok-123456' },
    })
    const byName = Object.fromEntries(configs.list().map((config) => [config.name, config]))
    expect(byName.files).toMatchObject({ args: ['${workspaceFolder}/docs'] })
    expect(byName.remote).toMatchObject({
      args: ['mcp-remote', 'https://example.com/mcp', '--header', 'Authorization:${AUTH}'],
    })
    expect(configs.resolveValues(byName.remote!)).toEqual({ AUTH: 'Bearer tok-123456' })
    expect(JSON.stringify(doc.read())).not.toContain('tok-123456')
  })
})
