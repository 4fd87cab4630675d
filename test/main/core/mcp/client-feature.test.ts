import { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { combineClientFeatures, type ClientFeature } from '../../../../src/main/core/mcp/client-feature'
import type { ServerConfig } from '../../../../src/shared/settings/settings-schema'

describe('combineClientFeatures', () => {
  it('merges capabilities key by key and runs every feature hook in order', () => {
    const calls: string[] = []
    const feature = (name: string, capabilities: ClientFeature['capabilities']): ClientFeature => ({
      capabilities,
      attach: () => calls.push(`attach ${name}`),
      detach: () => calls.push(`detach ${name}`),
      onProtocolVersion: (_client, version) => calls.push(`${name} ${version}`),
    })
    const hooks = combineClientFeatures({ experimental: { a: {} } }, [
      feature('sampling', { sampling: { tools: {} } }),
      feature('roots', { roots: { listChanged: true }, experimental: { b: {} } }),
    ])
    expect(hooks.clientCapabilities).toEqual({
      experimental: { a: {}, b: {} },
      sampling: { tools: {} },
      roots: { listChanged: true },
    })
    const client = new Client({ name: 't', version: '1' })
    hooks.configureClient?.(client, { id: 's' } as ServerConfig)
    hooks.onProtocolVersion?.(client, '2025-11-25')
    hooks.releaseClient?.(client)
    expect(calls).toEqual([
      'attach sampling',
      'attach roots',
      'sampling 2025-11-25',
      'roots 2025-11-25',
      'detach sampling',
      'detach roots',
    ])
  })
})
