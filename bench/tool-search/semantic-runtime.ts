import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { SettingsService } from '../../src/main/core/config/settings-service'
import { ProviderService } from '../../src/main/core/models/provider-service'
import { LiveToolIndex } from '../../src/main/core/tools/loading/live-tool-index'
import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'
import { BUNDLED_MODEL_ID } from '../../src/main/core/tools/semantic/bundled-embedding-source'
import { createSemanticLayer } from '../../src/main/core/tools/semantic/create-semantic-layer'
import { toolEmbeddingText, vectorKey } from '../../src/main/core/tools/semantic/embedding-text'
import { VectorCache } from '../../src/main/core/tools/semantic/vector-cache'
import type { ServerState } from '../../src/shared/mcp/server-state'
import { MemoryJsonDocument } from '../../test/doubles/memory-json-document'
import { MemorySecretStore } from '../../test/doubles/memory-secret-store'
import { byServer } from './synthetic-catalog'

/**
 * The semantic layer as the app runs it (issue 23): the bundled model in its worker thread, the disk cache,
 * LiveToolIndex's fused search. Everything is timed on this process's main thread, which is the point.
 */
export interface SemanticRuntime {
  cold: {
    tools: number
    embedMs: number
    /** Longest the main thread was blocked while the worker embedded (event-loop delay, 5 ms resolution). */
    stallMaxMs: number
    stallP99Ms: number
    rssBeforeMB: number
    rssPeakMB: number
  }
  warm: { vectorsMs: number; fusedReadyMs: number }
  queries: Array<{ tools: number; p50: number; p99: number; ranking: string }>
  memory: { onMB: number; offMB: number }
}

const MB = 1024 * 1024

export async function measureSemanticRuntime(
  real: readonly SearchableTool[],
  catalogs: ReadonlyArray<readonly SearchableTool[]>,
  queries: readonly string[],
): Promise<SemanticRuntime> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'mcp-desk-bench-vectors-'))
  try {
    const rssBeforeMB = process.memoryUsage().rss / MB
    let rssPeak = rssBeforeMB
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss / MB)
    }, 100)
    const started = performance.now()
    const cold = openIndex(real, cacheDir)
    // From here the worker embeds; the main thread only receives vectors and writes the cache.
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    await cold.layer.whenSettled()
    const embedMs = performance.now() - started
    delay.disable()
    clearInterval(sampler)
    const onMB = process.memoryUsage().rss / MB
    cold.index.dispose()
    await cold.layer.whenFlushed()

    // A restart: the layer alone, reading the vectors of unchanged tools from the cache.
    const warmStart = performance.now()
    const warmLayer = openLayer(cacheDir)
    for (const [serverId, serverTools] of byServer(real)) warmLayer.setServerTools(serverId, serverTools)
    const vectorsMs = performance.now() - warmStart
    if (warmLayer.status().ready !== real.length) throw new Error('the warm start did not read every vector')
    await warmLayer.whenSettled()
    const fusedReadyMs = performance.now() - warmStart
    warmLayer.dispose()
    const warm = openIndex(real, cacheDir)
    await warm.layer.whenSettled()
    const realQueries = await timeQueries(warm.index, real.length, queries)
    warm.index.dispose()
    const offMB = await settledRss()

    const results = [realQueries]
    for (const catalog of catalogs) {
      // Synthetic tools take their original's vector (latency does not depend on the values), written to
      // a cache the layer then reads, as at a warm start.
      const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-bench-vectors-'))
      await seedCache(dir, cacheDir, real, catalog)
      const opened = openIndex(catalog, dir)
      await opened.layer.whenSettled()
      results.push(await timeQueries(opened.index, catalog.length, queries))
      opened.index.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
    return {
      cold: {
        tools: real.length,
        embedMs,
        stallMaxMs: delay.max / 1e6,
        stallP99Ms: delay.percentile(99) / 1e6,
        rssBeforeMB,
        rssPeakMB: rssPeak,
      },
      warm: { vectorsMs, fusedReadyMs },
      queries: results,
      memory: { onMB, offMB },
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true })
  }
}

function openLayer(cacheDir: string) {
  const settings = new SettingsService(new MemoryJsonDocument())
  return createSemanticLayer({
    settings,
    providers: new ProviderService(settings, new MemorySecretStore()),
    cacheDir,
    log: (line) => process.stderr.write(`${line}\n`),
    followsSearchMode: false,
  })
}

function openIndex(tools: readonly SearchableTool[], cacheDir: string) {
  const layer = openLayer(cacheDir)
  const states = [...byServer(tools)].map(([serverId, serverTools]) => serverState(serverId, serverTools))
  const index = new LiveToolIndex({ list: () => states, subscribe: () => () => {} }, layer)
  return { index, layer }
}

async function timeQueries(index: LiveToolIndex, tools: number, queries: readonly string[]) {
  const times: number[] = []
  let ranking = ''
  // Each query once: a query's vector is remembered, so repeating one would time the cache.
  for (const query of new Set(queries)) {
    const start = performance.now()
    const result = await index.search(query, 8)
    times.push(performance.now() - start)
    ranking = result.ranking
  }
  times.sort((a, b) => a - b)
  const at = (share: number): number =>
    times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0
  return { tools, p50: at(0.5), p99: at(0.99), ranking }
}

async function seedCache(
  dir: string,
  realCacheDir: string,
  real: readonly SearchableTool[],
  catalog: readonly SearchableTool[],
): Promise<void> {
  const vectors = new VectorCache(realCacheDir, BUNDLED_MODEL_ID).load()
  const cache = new VectorCache(dir, BUNDLED_MODEL_ID)
  catalog.forEach((tool, i) => {
    const original = real[i % real.length]
    const vector = original && vectors.get(vectorKey(BUNDLED_MODEL_ID, toolEmbeddingText(original)))
    if (vector) cache.put(vectorKey(BUNDLED_MODEL_ID, toolEmbeddingText(tool)), vector)
  })
  await cache.flush()
}

function serverState(serverId: string, tools: readonly SearchableTool[]): ServerState {
  return {
    id: serverId,
    name: tools[0]?.serverName ?? serverId,
    transport: 'stdio',
    destination: 'bench',
    status: 'connected',
    tools: tools.map((tool) => ({
      name: tool.name,
      exposedName: tool.key,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      inputSchema: tool.inputSchema as ServerState['tools'][number]['inputSchema'],
    })),
    stderrTail: '',
    pendingChanges: [],
    since: new Date(0).toISOString(),
  }
}

/**
 * RSS once the stopped worker has let go of its memory: the lowest reading over a second (a terminated
 * worker's isolate and WebAssembly memory are released asynchronously).
 */
async function settledRss(): Promise<number> {
  let lowest = process.memoryUsage().rss
  const until = performance.now() + 1000
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    lowest = Math.min(lowest, process.memoryUsage().rss)
  }
  return lowest / MB
}
