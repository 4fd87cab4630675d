// A real composed host (dispatcher, events, chat, sampling) over a temp home, with its one provider on the
// fault provider and one in-process MCP server (sampling policy allow, one `echo` tool), so a test can send
// `sampling/createMessage` from the server side and chat turns through the contract, as the window does.
import { McpServer } from '@modelcontextprotocol/server'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inspect } from 'node:util'
import { z } from 'zod'
import { composeHost, type ComposedHost } from '../../../src/main/core/compose-host'
import { SettingsService } from '../../../src/main/core/config/settings-service'
import type { TransportOpener } from '../../../src/main/core/mcp/transport-opener'
import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../../src/shared/ipc/contract'
import type { ChatTurnEvent } from '../../../src/shared/chat/chat-view'
import type { AuditEntry } from '../../../src/shared/sampling/sampling-card'
import { MemoryJsonDocument } from '../../doubles/memory-json-document'
import { MemorySecretStore } from '../../doubles/memory-secret-store'
import { MODEL_REF } from './provider-fault-cases'
import { startFaultProvider, type FaultProvider } from './provider-fault-server'
import { callHost, recordHostEvents } from '../../support/host-event-log'
import { inProcessServerConfig, openInProcess } from '../../support/in-process-transport'

export const SAMPLER_ID = 'sampler'

export interface ProviderFaultHost {
  composed: ComposedHost
  provider: FaultProvider
  /** The in-process MCP server that asks the host for sampling. */
  sampler: McpServer
  logs: string[]
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  /** Resolves with the first event (already seen or future) that matches. */
  waitFor<E extends EventChannel>(event: E, match: (payload: EventOf<E>) => boolean): Promise<EventOf<E>>
  /** Sends one chat message in a new conversation and resolves with how the turn ended. */
  chatTurn(text: string): Promise<{ conversationId: string; ended: ChatTurnEvent }>
  /** Resolves with the next audit entry the host announces (the activity view's row). */
  nextActivity(): Promise<AuditEntry>
  close(): Promise<void>
}

export async function startProviderFaultHost(options: {
  chunkTimeoutMs: number
}): Promise<ProviderFaultHost> {
  const provider = await startFaultProvider()
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-provider-faults-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  settings.update((draft) => {
    draft.servers.push(inProcessServerConfig(SAMPLER_ID, 'allow'))
  })
  let sampler: McpServer | undefined
  const opener: TransportOpener = () => {
    const server = new McpServer({ name: SAMPLER_ID, version: '1.0.0' }, { capabilities: { tools: {} } })
    server.registerTool(
      'echo',
      { description: 'Returns the text', inputSchema: z.object({ text: z.string() }) },
      ({ text }) => ({ content: [{ type: 'text', text }] }),
    )
    sampler = server
    return openInProcess(server)
  }
  const logs: string[] = []
  const composed = composeHost({
    settings,
    secrets: new MemorySecretStore(),
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: 'linux', home },
    log: (message, error) => logs.push(error === undefined ? message : `${message}: ${inspect(error)}`),
    opener,
  })
  composed.providers.add({
    preset: 'custom',
    id: 'faulty',
    baseUrl: provider.url,
    apiKey: { value: 'sk-fault-suite' },
    chunkTimeoutMs: options.chunkTimeoutMs,
  })
  composed.providers.saveModel('faulty', { id: 'mock-model' })
  composed.providers.setDefault(MODEL_REF)
  await composed.servers.start()
  if (!sampler) throw new Error('the sampler server did not start')

  const log = recordHostEvents(composed.host)
  const waitFor: ProviderFaultHost['waitFor'] = (event, match) => log.waitFor(event, match)
  const call: ProviderFaultHost['call'] = (channel, request) => callHost(composed.host, channel, request)

  return {
    composed,
    provider,
    sampler,
    logs,
    call,
    waitFor,
    async chatTurn(text) {
      const { id } = await call('chat:create', {})
      const { turnId } = await call('chat:send', { id, text })
      const ended = await waitFor(
        'chat:turn',
        (event) => event.turnId === turnId && event.state !== 'running',
      )
      return { conversationId: id, ended }
    },
    nextActivity() {
      return log.waitFor('sampling:activity', () => true, { after: log.count() }).then((event) => event.entry)
    },
    async close() {
      log.release()
      await composed.shutdown()
      await provider.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}
