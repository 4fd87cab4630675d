import type { SettingsService } from '../../config/settings-service'
import type { ProviderService } from '../../models/provider-service'
import { BundledEmbeddingSource } from './bundled-embedding-source'
import type { EmbeddingSource } from './embedding-source'
import { createProviderEmbeddingSource } from './provider-embedding-source'
import { SemanticToolLayer } from './semantic-layer'

export interface SemanticSearchHostOptions {
  /** The embedding worker script (tests pass a fixture); the built one by default. */
  workerPath?: string
  workerData?: unknown
  /** The fetch the user's embedding model is called with (tests); the global one otherwise. */
  fetch?: typeof fetch
}

/** Tool search's semantic layer over the settings' source, with the bundled model as the fallback. */
export function createSemanticLayer(
  options: SemanticSearchHostOptions & {
    settings: Pick<SettingsService, 'get' | 'subscribe'>
    providers: Pick<ProviderService, 'get' | 'connection'>
    cacheDir: string
    log: (line: string) => void
    /** See SemanticLayerDeps.followsSearchMode (true by default). */
    followsSearchMode?: boolean
    /** See SemanticLayerDeps.queryTimeoutMs. */
    queryTimeoutMs?: number
  },
): SemanticToolLayer {
  const bundled = (): EmbeddingSource =>
    new BundledEmbeddingSource({
      log: options.log,
      ...(options.workerPath === undefined ? {} : { workerPath: options.workerPath }),
      ...(options.workerData === undefined ? {} : { workerData: options.workerData }),
    })
  return new SemanticToolLayer({
    settings: options.settings,
    createSource: (setting) => {
      if (setting.kind === 'bundled') return bundled()
      return createProviderEmbeddingSource({
        providers: options.providers,
        providerId: setting.providerId,
        model: setting.model,
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      })
    },
    createFallback: bundled,
    cacheDir: options.cacheDir,
    log: options.log,
    ...(options.followsSearchMode === undefined ? {} : { followsSearchMode: options.followsSearchMode }),
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
  })
}
