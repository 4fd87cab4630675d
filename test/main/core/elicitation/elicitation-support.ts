// Shared setup for the elicitation tests: the real connection manager with the elicitation feature, and a
// way to wait for the next card (event-driven, via the service's own change events).
import type { McpServer } from '@modelcontextprotocol/server'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import {
  ElicitationService,
  type ElicitationServiceDeps,
} from '../../../../src/main/core/elicitation/elicitation-service'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { createServerManager } from '../../../../src/main/core/mcp/create-server-manager'
import type { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import type { TransportOpener } from '../../../../src/main/core/mcp/transport-opener'
import type { ElicitationCard } from '../../../../src/shared/elicitation/elicitation-card'
import type { ServerInput } from '../../../../src/shared/mcp/server-input'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { openInProcess } from '../../../support/in-process-transport'

export interface ElicitationSetup {
  service: ElicitationService
  servers: ConnectionManager
  configs: ServerConfigService
  log: string[]
  close(): Promise<void>
}

export interface SetupOptions {
  deps?: ElicitationServiceDeps
  /** In-process MCP servers by config id, reached through linked in-memory transports. */
  inProcess?: Record<string, () => McpServer>
}

export function setupElicitation(options: SetupOptions = {}): ElicitationSetup {
  const log: string[] = []
  const settings = new SettingsService(new MemoryJsonDocument())
  const service = new ElicitationService({ log: (line) => log.push(line), ...options.deps })
  const { configs, servers } = createServerManager({
    settings,
    secrets: new MemorySecretStore(),
    log: () => undefined,
    features: [service],
    ...(options.inProcess ? { opener: inProcessOpener(options.inProcess) } : {}),
  })
  return {
    service,
    servers,
    configs,
    log,
    close: async () => {
      service.shutdown()
      await servers.shutdown()
    },
  }
}

/** A stdio config for an in-process server (the opener ignores the command). */
export function inProcessServer(name: string): ServerInput {
  return { name, transport: 'stdio', command: 'in-process', args: [] }
}

function inProcessOpener(factories: Record<string, () => McpServer>): TransportOpener {
  return (config) => {
    const factory = factories[config.id]
    if (!factory) throw new Error(`no in-process server for ${config.id}`)
    return openInProcess(factory())
  }
}

/** Resolves with the first card that matches, already shown or still to come. */
export function nextCard(
  service: ElicitationService,
  match: (card: ElicitationCard) => boolean = () => true,
): Promise<ElicitationCard> {
  return new Promise((resolve) => {
    const check = (cards: ElicitationCard[]): boolean => {
      const found = cards.find(match)
      if (found) resolve(found)
      return found !== undefined
    }
    if (check(service.list())) return
    const unsubscribe = service.subscribe((cards) => {
      if (check(cards)) unsubscribe()
    })
  })
}

/** The text blocks of a tool result, joined. */
export function resultText(result: { content?: unknown }): string {
  const blocks = Array.isArray(result.content)
    ? (result.content as Array<{ type: string; text?: string }>)
    : []
  return blocks
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('\n')
}

/** The `Raw result: {...}` server-everything appends to its elicitation tools' output. */
export function rawResult(text: string): unknown {
  const marker = 'Raw result: '
  const start = text.indexOf(marker)
  if (start < 0) throw new Error(`no raw result in: ${text}`)
  return JSON.parse(text.slice(start + marker.length))
}
