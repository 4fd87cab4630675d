import type { RegistryEntryView, RegistryInstallOption } from '../../../shared/registry/registry-view'
import {
  OFFICIAL_META_KEY,
  type OfficialMeta,
  type RegistryServerResponse,
  type ServerJsonPackage,
  type ServerJsonRemote,
} from '../../../shared/registry/server-json'

/** The registry's own facts about an entry, if it sent them. */
export function officialMetaOf(entry: RegistryServerResponse): OfficialMeta | undefined {
  return entry._meta?.[OFFICIAL_META_KEY]
}

/** How MCP Desk runs each package type it can install, and what that type is called in a label. */
const RUNNERS: Record<string, { label: string; runtime?: string }> = {
  npm: { label: 'npm', runtime: 'npx' },
  pypi: { label: 'PyPI', runtime: 'uvx' },
  oci: { label: 'Docker image', runtime: 'docker' },
  mcpb: { label: 'MCP bundle' },
}

export function entryView(registryUrl: string, entry: RegistryServerResponse): RegistryEntryView {
  const { server } = entry
  const meta = officialMetaOf(entry)
  return {
    registryUrl,
    name: server.name,
    title: server.title?.trim() || server.name.slice(server.name.indexOf('/') + 1),
    description: server.description,
    version: server.version,
    status: meta?.status ?? 'active',
    ...(meta?.statusMessage === undefined ? {} : { statusMessage: meta.statusMessage }),
    ...(meta?.updatedAt === undefined ? {} : { updatedAt: meta.updatedAt }),
    ...(server.repository?.url === undefined ? {} : { repositoryUrl: server.repository.url }),
    ...(server.websiteUrl === undefined ? {} : { websiteUrl: server.websiteUrl }),
    hasIcon: (server.icons?.length ?? 0) > 0,
    options: [
      ...(server.packages ?? []).map((pkg, index) => packageOption(pkg, index)),
      ...(server.remotes ?? []).map((remote, index) => remoteOption(remote, index)),
    ],
  }
}

function packageOption(pkg: ServerJsonPackage, index: number): RegistryInstallOption {
  const runner = RUNNERS[pkg.registryType]
  const version = pkg.version === undefined ? '' : ` ${pkg.version}`
  if (runner === undefined) {
    return {
      kind: 'package',
      index,
      label: `${pkg.registryType} ${pkg.identifier}${version}`,
      registryType: pkg.registryType,
      supported: false,
      note: `MCP Desk cannot install ${pkg.registryType} packages; it installs npm, PyPI, Docker (oci) and MCP bundle (mcpb) ones`,
    }
  }
  // A bundle's identifier is its download URL: the label keeps only the file name.
  const identifier =
    pkg.registryType === 'mcpb' ? (pkg.identifier.split('/').pop() ?? pkg.identifier) : pkg.identifier
  return {
    kind: 'package',
    index,
    label: `${runner.label} ${identifier}${pkg.registryType === 'oci' ? '' : version}`,
    registryType: pkg.registryType,
    ...(runner.runtime === undefined ? {} : { runtime: runner.runtime }),
    supported: true,
  }
}

function remoteOption(remote: ServerJsonRemote, index: number): RegistryInstallOption {
  const kind = remote.type === 'sse' ? 'SSE' : 'streamable HTTP'
  return {
    kind: 'remote',
    index,
    label: `Remote (${kind}) ${remote.url}`,
    registryType: 'remote',
    supported: true,
  }
}

/** The words an entry is found by besides its name and texts: package identifiers and remote hosts. */
export function packageWords(entry: RegistryServerResponse): string {
  const words = (entry.server.packages ?? []).map((pkg) => pkg.identifier)
  return words.join(' ').slice(0, 4000)
}
