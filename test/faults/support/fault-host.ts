// A real composed host with the real transports (stdio child processes, Streamable HTTP), settings in
// memory, a temp home for transcripts, and the mock OpenAI provider: the chat turn drives tool calls the way
// the window does, through the IPC contract.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { composeHost, type ComposedHost } from '../../../src/main/core/compose-host'
import { SettingsService } from '../../../src/main/core/config/settings-service'
import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../../src/shared/ipc/contract'
import type { McpLimits, ServerConfig } from '../../../src/shared/settings/settings-schema'
import { MemoryJsonDocument } from '../../doubles/memory-json-document'
import { MemorySecretStore } from '../../doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../fixtures/mock-openai'
import { callHost, recordHostEvents } from '../../support/host-event-log'

type ServerSpec =
  | { id: string; transport: 'stdio'; command: string; args: string[] }
  | { id: string; transport: 'http'; url: string }

export interface FaultHost {
  composed: ComposedHost
  mock: MockOpenAI
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  /** Resolves with the first event (already seen or future) that matches. */
  waitFor<E extends EventChannel>(event: E, match: (payload: EventOf<E>) => boolean): Promise<EventOf<E>>
  close(): Promise<void>
}

export async function startFaultHost(options: {
  servers: ServerSpec[]
  toolCallTimeoutMs: number
  limits?: Partial<McpLimits>
}): Promise<FaultHost> {
  const mock = await startMockOpenAI()
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-faults-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  settings.update((draft) => {
    Object.assign(draft.mcp.limits, options.limits ?? {})
    for (const spec of options.servers) {
      const base = { id: spec.id, name: spec.id, enabled: true, sampling: 'deny' as const }
      draft.servers.push(
        spec.transport === 'stdio'
          ? ({
              ...base,
              transport: 'stdio',
              command: spec.command,
              args: spec.args,
              env: {},
            } satisfies ServerConfig)
          : ({ ...base, transport: 'http', url: spec.url, headers: {} } satisfies ServerConfig),
      )
    }
  })
  const composed = composeHost({
    settings,
    secrets: new MemorySecretStore(),
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: process.platform, home },
    log: () => undefined,
    toolCallTimeoutMs: options.toolCallTimeoutMs,
  })
  const provider = composed.providers.add({
    preset: 'custom',
    baseUrl: mock.url,
    apiKey: { value: 'test-key' },
  })
  composed.providers.saveModel(provider.id, { id: 'mock-model' })
  composed.providers.setDefault(`${provider.id}/mock-model`)
  await composed.servers.start()

  const log = recordHostEvents(composed.host)

  return {
    composed,
    mock,
    call: (channel, request) => callHost(composed.host, channel, request),
    waitFor: (event, match) => log.waitFor(event, match),
    async close() {
      await composed.shutdown()
      await mock.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}
