// A server's question and its roots asked for the 2026-07-28 way (issue 20): a tool result `input_required`
// with an embedded `elicitation/create` or `roots/list`, answered by the same elicitation card and roots
// service as 2025 requests, and the tool retried with the answer. A real stdio server (mrtr-server.ts), and
// the same tools over stateless Streamable HTTP (modern-http-server.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ElicitationService } from '../../../../src/main/core/elicitation/elicitation-service'
import { createServerManager } from '../../../../src/main/core/mcp/create-server-manager'
import { RootsService } from '../../../../src/main/core/roots/roots-service'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { startModernHttpServer } from '../../../fixtures/mcp-servers/modern-http-server'
import { nextCard, resultText } from './elicitation-support'

const MRTR_SERVER = fileURLToPath(new URL('../../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(remote?: { url: string }) {
  const settings = new SettingsService(new MemoryJsonDocument())
  const folder = mkdtempSync(join(tmpdir(), 'mcp-desk-mrtr-root-'))
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }))
  settings.update((draft) => {
    draft.roots.default = [folder]
  })
  const elicitation = new ElicitationService({ log: () => undefined })
  const roots = new RootsService({ settings })
  const { configs, servers } = createServerManager({
    settings,
    secrets: new MemorySecretStore(),
    log: () => undefined,
    features: [roots, elicitation],
  })
  cleanups.push(async () => {
    elicitation.shutdown()
    await servers.shutdown()
  })
  const { id } = configs.add(
    remote
      ? { name: 'Deploy', transport: 'http', url: remote.url, protocol: '2026-07-28' }
      : { name: 'Deploy', transport: 'stdio', command: process.execPath, args: [MRTR_SERVER] },
  )
  await servers.start()
  expect(servers.get(id)).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' })
  return { servers, elicitation, id, folder }
}

describe('a server asking inside its tool result (MRTR)', () => {
  it('shows its question as the same card, saying which tool asked, and the answer reaches the tool', async () => {
    const { servers, elicitation, id } = await start()
    const call = servers.connection(id).callTool('confirm', { question: 'Deploy to production?' })
    const card = await nextCard(elicitation)
    expect(card).toMatchObject({
      mode: 'form',
      serverName: 'Deploy',
      message: 'Deploy to production?',
      askedInside: { kind: 'tool', name: 'confirm', round: 1 },
    })
    elicitation.answer({ id: card.id, action: 'accept', content: { ok: true } })
    expect(resultText(await call)).toBe('accept {"ok":true}')
  })

  it('asks the same way over stateless Streamable HTTP', async () => {
    const remote = await startModernHttpServer()
    cleanups.push(() => remote.close())
    const { servers, elicitation, id } = await start(remote)
    const call = servers.connection(id).callTool('confirm', { question: 'Deploy to production?' })
    const card = await nextCard(elicitation)
    expect(card.askedInside).toEqual({ kind: 'tool', name: 'confirm', round: 1 })
    elicitation.answer({ id: card.id, action: 'accept', content: { ok: true } })
    expect(resultText(await call)).toBe('accept {"ok":true}')
    expect(remote.count('tools/call')).toBe(2)
  })

  it('passes a decline on as the spec says: an answer, not a silent retry or an error', async () => {
    const { servers, elicitation, id } = await start()
    const call = servers.connection(id).callTool('confirm', { question: 'Deploy?' })
    const card = await nextCard(elicitation)
    elicitation.answer({ id: card.id, action: 'decline' })
    expect(resultText(await call)).toBe('decline {}')
  })

  it('answers roots/list from the roots service', async () => {
    const { servers, id, folder } = await start()
    const result = await servers.connection(id).callTool('where', {})
    expect(resultText(result)).toBe(pathToFileURL(folder).href)
  })
})
