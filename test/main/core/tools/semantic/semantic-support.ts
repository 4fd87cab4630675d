import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { BundledEmbeddingSource } from '../../../../../src/main/core/tools/semantic/bundled-embedding-source'
import type {
  EmbeddingSource,
  EmbedOptions,
} from '../../../../../src/main/core/tools/semantic/embedding-source'
import {
  SemanticToolLayer,
  type SemanticLayerDeps,
} from '../../../../../src/main/core/tools/semantic/semantic-layer'
import type { SearchableTool } from '../../../../../src/main/core/tools/search/tool-search-index'
import type { SemanticStatus } from '../../../../../src/shared/tools/semantic-status'
import { SETTINGS_SCHEMA_VERSION } from '../../../../../src/shared/settings/settings-schema'
import type { FakeWorkerData } from '../../../../fixtures/embedding/fake-embedding-worker'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'

export const FAKE_WORKER = fileURLToPath(
  new URL('../../../../fixtures/embedding/fake-embedding-worker.ts', import.meta.url),
)

/** An EmbeddingSource that counts what it was asked to embed (wrapping a real worker-based source). */
export class CountingSource implements EmbeddingSource {
  readonly background: string[] = []
  readonly urgent: string[] = []
  disposed = false
  constructor(readonly inner: EmbeddingSource) {}
  get id(): string {
    return this.inner.id
  }
  get label(): string {
    return this.inner.label
  }
  embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    ;(options.urgent ? this.urgent : this.background).push(...texts)
    return this.inner.embed(texts, options)
  }
  dispose(): void {
    this.disposed = true
    this.inner.dispose()
  }
}

export function fakeWorkerSource(data: FakeWorkerData = {}): BundledEmbeddingSource {
  return new BundledEmbeddingSource({ workerPath: FAKE_WORKER, workerData: data })
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'mcp-desk-vectors-'))
}

export function settingsWith(tools: Record<string, unknown> = {}): SettingsService {
  return new SettingsService(new MemoryJsonDocument({ schemaVersion: SETTINGS_SCHEMA_VERSION, tools }))
}

/** A layer whose sources are counted fake workers; `sources` lists every source created, in order. */
export function fakeLayer(
  options: Partial<SemanticLayerDeps> & { cacheDir?: string; worker?: FakeWorkerData } = {},
): { layer: SemanticToolLayer; sources: CountingSource[]; settings: SettingsService } {
  const sources: CountingSource[] = []
  const settings = (options.settings as SettingsService | undefined) ?? settingsWith()
  const create = (): EmbeddingSource => {
    const source = new CountingSource(fakeWorkerSource(options.worker))
    sources.push(source)
    return source
  }
  const layer = new SemanticToolLayer({
    settings,
    createSource: options.createSource ?? create,
    createFallback: options.createFallback ?? create,
    cacheDir: options.cacheDir ?? tempDir(),
    log: () => {},
    flushEveryMs: 50,
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
  })
  return { layer, sources, settings }
}

export function tool(key: string, description: string, serverId = 'srv'): SearchableTool {
  return {
    key,
    serverId,
    serverName: serverId,
    name: key,
    description,
    inputSchema: { type: 'object', properties: {} },
  }
}

/** Resolves with the first status `accept` takes. */
export function statusWhere(
  layer: SemanticToolLayer,
  accept: (status: SemanticStatus) => boolean,
): Promise<SemanticStatus> {
  const now = layer.status()
  if (accept(now)) return Promise.resolve(now)
  return new Promise((resolve) => {
    const stop = layer.subscribe((status) => {
      if (!accept(status)) return
      stop()
      resolve(status)
    })
  })
}
