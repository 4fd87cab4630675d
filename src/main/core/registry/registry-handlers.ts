import type { RequestHandlers } from '../ipc/request-dispatcher'
import type { InstallPreviewer, RegistryCatalog } from './registry-ports'

type RegistryChannel =
  | 'registry:list'
  | 'registry:add'
  | 'registry:remove'
  | 'registry:sync'
  | 'registry:search'
  | 'registry:show'
  | 'registry:icon'
  | 'registry:preview-install'
  | 'links:preview'

/** The contract's registry and link channels, answered by the catalog and the installer. */
export function registryHandlers(
  registry: RegistryCatalog,
  installs: InstallPreviewer,
): Pick<RequestHandlers, RegistryChannel> {
  return {
    'registry:list': () => ({ registries: registry.list() }),
    'registry:add': async ({ url, name }) => ({ registries: await registry.add(url, name) }),
    'registry:remove': ({ url }) => ({ registries: registry.remove(url) }),
    'registry:sync': async ({ url }) => ({ registries: await registry.sync(url) }),
    'registry:search': (request) => registry.search(request),
    'registry:show': (request) => registry.show(request),
    'registry:icon': ({ registryUrl, name }) => registry.icon(registryUrl, name),
    'registry:preview-install': (request) => installs.previewInstall(request),
    'links:preview': ({ link }) => installs.previewLink(link),
  }
}
