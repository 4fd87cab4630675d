// A RegistryService over a throwaway profile whose only saved registry is a fixture registry.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SettingsFileDocument } from '../../../../src/main/core/config/settings-file-document'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import {
  RegistryService,
  type RegistryServiceDeps,
} from '../../../../src/main/core/registry/registry-service'
import {
  startFixtureRegistry,
  type FixtureRegistry,
  type FixtureRegistryOptions,
} from '../../../fixtures/registry/fixture-registry'

export interface RegistryTestBed {
  dir: string
  cacheDir: string
  settings: SettingsService
  registry: FixtureRegistry
  service(extra?: Partial<RegistryServiceDeps>): RegistryService
  cleanup(): Promise<void>
}

export async function registryTestBed(options: FixtureRegistryOptions = {}): Promise<RegistryTestBed> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-registry-'))
  const cacheDir = join(dir, 'cache', 'registries')
  const registry = await startFixtureRegistry(options)
  const settings = new SettingsService(new SettingsFileDocument(dir))
  settings.update((draft) => {
    draft.registries = [{ url: registry.url, name: 'Fixture' }]
  })
  const services: RegistryService[] = []
  return {
    dir,
    cacheDir,
    settings,
    registry,
    service: (extra = {}) => {
      const service = new RegistryService({ settings, cacheDir, ...extra })
      services.push(service)
      return service
    },
    cleanup: async () => {
      for (const service of services) service.dispose()
      await registry.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
