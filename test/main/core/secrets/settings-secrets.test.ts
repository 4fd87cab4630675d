// Issue 19: secrets are shared by every process that opens the profile. A secret is deleted only when no
// settings entry refers to it (decided against settings.json as it is then), and a failed change never
// leaves behind a secret it stored.
import { describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'

/** A document whose next write fails (a full disk): the change has run, nothing reaches the file. */
class FailingWriteDocument extends MemoryJsonDocument {
  failNextWrite = false
  override write(value: Record<string, unknown>): void {
    if (this.failNextWrite) {
      this.failNextWrite = false
      throw new IpcFailure('unavailable', 'cannot write /memory/settings.json: no space left on device')
    }
    super.write(value)
  }
}

/** Two processes on one profile: each has its own SettingsService over the same document and secrets. */
function twoProcesses() {
  const doc = new FailingWriteDocument()
  const secrets = new MemorySecretStore()
  const app = new SettingsService(doc)
  const cli = new SettingsService(doc)
  return {
    doc,
    secrets,
    app,
    appServers: new ServerConfigService(app, secrets),
    cliServers: new ServerConfigService(cli, secrets),
  }
}

const notes = {
  name: 'Notes',
  transport: 'stdio' as const,
  command: 'notes-mcp',
  env: { TOKEN: { value: 'tok-notes' } },
}

describe('secrets shared between processes', () => {
  it('leaves no secret behind when the settings write of an add fails', () => {
    const { doc, secrets, appServers } = twoProcesses()
    doc.failNextWrite = true
    expect(() => appServers.add(notes)).toThrow(/no space left/)
    expect(secrets.list()).toEqual([])
    expect(appServers.list()).toEqual([])
  })

  it('leaves no secret behind when the settings write of a provider add fails', () => {
    const { doc, secrets, app } = twoProcesses()
    const providers = new ProviderService(app, secrets)
    doc.failNextWrite = true
    expect(() => providers.add({ preset: 'openai', apiKey: { value: 'sk-test' } })).toThrow(/no space/)
    expect(secrets.list()).toEqual([])
  })

  it('keeps a secret on remove while an entry another process added still refers to it', () => {
    const { doc, secrets, appServers, cliServers } = twoProcesses()
    const added = appServers.add(notes)
    const token = 'server.notes.env.TOKEN'
    expect(secrets.list()).toEqual([token])
    // The user's editor adds a server that uses the same secret (the contract refuses another server's
    // secret, a hand edit is how a secret is shared); this process has not seen it.
    const onDisk = doc.read() as { servers: unknown[] }
    const mirror = { id: 'notes-mirror', name: 'Notes mirror', enabled: true, transport: 'stdio' }
    const uses = { command: 'x', args: [], env: { TOKEN: { secret: token } } }
    doc.changeOutside({ ...onDisk, servers: [...onDisk.servers, { ...mirror, ...uses }] })
    appServers.remove(added.id)
    expect(secrets.get(token)).toBe('tok-notes')
    expect((doc.read() as { servers: Array<{ id: string }> }).servers.map((s) => s.id)).toEqual([
      'notes-mirror',
    ])
    // Once nothing refers to it, removing the last user deletes it.
    cliServers.remove('notes-mirror')
    appServers.add({ name: 'Notes', transport: 'stdio', command: 'x' })
    appServers.remove('notes')
    expect(secrets.list()).toEqual([])
  })

  it('gives a server added elsewhere meanwhile its own id, so neither overwrites the other secret', () => {
    const { secrets, appServers, cliServers } = twoProcesses()
    appServers.list() // the app has read settings before the CLI adds
    cliServers.add({ ...notes, env: { TOKEN: { value: 'from-cli' } } })
    const fromApp = appServers.add({ ...notes, env: { TOKEN: { value: 'from-app' } } })
    expect(fromApp.id).toBe('notes-2')
    expect(secrets.get('server.notes.env.TOKEN')).toBe('from-cli')
    expect(secrets.get('server.notes-2.env.TOKEN')).toBe('from-app')
  })

  it('edits the server as it is on disk, not the copy read earlier', () => {
    const { app, appServers, cliServers } = twoProcesses()
    const added = appServers.add(notes)
    cliServers.setEnabled(added.id, false)
    appServers.update(added.id, { ...notes, env: { TOKEN: { keep: true } }, enabled: false })
    expect(app.get().servers[0]).toMatchObject({
      enabled: false,
      env: { TOKEN: { secret: 'server.notes.env.TOKEN' } },
    })
    expect(() => appServers.update('gone', notes)).toThrow(/no server with id "gone"/)
  })
})
