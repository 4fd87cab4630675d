import type { PromptInfo, PromptResult } from '../../../src/shared/mcp/prompts'
import type {
  ResourceInfo,
  ResourceReadResult,
  ResourceTemplateInfo,
} from '../../../src/shared/mcp/resources'
import { FakeDeskApi } from './fake-desk-api'
import { modelFixture, providerFixture } from './fake-providers'
import { stdioConfigFixture } from './server-fixtures'

export function promptFixture(
  overrides: Partial<PromptInfo> & { serverId: string; name: string },
): PromptInfo {
  return {
    key: `${overrides.serverId}:${overrides.name}`,
    serverName: overrides.serverId,
    arguments: [],
    completions: false,
    ...overrides,
  }
}

export function promptResultFixture(prompt: PromptInfo, texts: string[]): PromptResult {
  return {
    serverId: prompt.serverId,
    serverName: prompt.serverName,
    name: prompt.name,
    messages: texts.map((text) => ({ role: 'user' as const, text, attachments: [] })),
  }
}

export function resourceFixture(
  overrides: Partial<ResourceInfo> & { serverId: string; uri: string; name: string },
): ResourceInfo {
  return { serverName: overrides.serverId, subscribable: false, ...overrides }
}

export function templateFixture(
  overrides: Partial<ResourceTemplateInfo> & { serverId: string; uriTemplate: string; name: string },
): ResourceTemplateInfo {
  return { serverName: overrides.serverId, variables: [], completions: false, ...overrides }
}

export function textContentsFixture(serverId: string, uri: string, text: string): ResourceReadResult {
  return {
    serverId,
    serverName: serverId,
    uri,
    contents: [{ kind: 'text', uri, mimeType: 'text/plain', text }],
  }
}

/** A host with a chat provider (`mock/m` by default) and connected stdio servers with the given ids. */
export function catalogApi(serverIds: string[] = ['docs']): FakeDeskApi {
  const mock = providerFixture({ id: 'mock', name: 'Mock', models: [modelFixture('m')] })
  return new FakeDeskApi({
    settings: { models: { providers: [mock], defaultModel: 'mock/m', recentModels: [] } },
    servers: serverIds.map((id) => ({
      config: stdioConfigFixture({ id, name: id[0]!.toUpperCase() + id.slice(1) }),
      state: { status: 'connected' },
    })),
  })
}
