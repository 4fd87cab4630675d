import type { RegistryCatalog } from './registry-ports'
import { RegistryService, type RegistryServiceDeps } from './registry-service'

export type RegistryCatalogDeps = RegistryServiceDeps

/** The catalog the host and the CLI use: `settings.registries`, synced into `paths.registryCacheDir`. */
export function createRegistryCatalog(deps: RegistryCatalogDeps): RegistryCatalog {
  return new RegistryService(deps)
}
