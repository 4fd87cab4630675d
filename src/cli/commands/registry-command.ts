import type { RegistryEntryView, RegistryState } from '../../shared/registry/registry-view'
import { isStale } from '../../shared/registry/registry-staleness'
import { createRegistryCatalog } from '../../main/core/registry/create-registry-catalog'
import type { RegistryCatalog } from '../../main/core/registry/registry-ports'
import { normalizeRegistryUrl } from '../../main/core/registry/registry-sources'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import { outputOf, type CliIo, type CliOutput } from '../cli-io'
import { displayWidth, firstLine, terminalText, truncate } from '../format/terminal-text'

const SEARCH_LIMIT = 50

export interface RegistryCommandOptions {
  json: boolean
  /** --registry URL: this registry, for this command only (not saved). */
  registry?: string | undefined
}

interface OpenCatalog {
  catalog: RegistryCatalog
  /** The registry --registry named, as the catalog knows it. */
  only: string | undefined
}

/** The profile's registries (and --registry's, unsaved), with the same catalog the desktop app uses. */
function openCatalog(home: string, registry: string | undefined): OpenCatalog {
  const profile = openNodeProfile(home)
  const only = registry === undefined ? undefined : normalizeRegistryUrl(registry)
  const catalog = createRegistryCatalog({
    settings: profile.settings,
    cacheDir: profile.paths.registryCacheDir,
    ...(only === undefined ? {} : { transient: [{ url: only, name: new URL(only).host }] }),
  })
  return { catalog, only }
}

/** `registry search QUERY`: from the local index, synced first when never synced or stale. */
export async function searchRegistry(
  home: string,
  query: string,
  options: RegistryCommandOptions & { all: boolean },
  io: CliIo,
): Promise<number> {
  const out = outputOf(io)
  const { catalog, only } = openCatalog(home, options.registry)
  try {
    const usable = await syncIfStale(catalog, only, out)
    if (!usable) return 1
    const result = await catalog.search({
      query,
      ...(only === undefined ? {} : { registryUrl: only }),
      includeInactive: options.all,
      limit: SEARCH_LIMIT,
    })
    if (options.json) {
      out.print(JSON.stringify(result, null, 2))
    } else if (result.entries.length === 0) {
      out.warn(`No server matched "${firstLine(query)}".`)
    } else {
      for (const line of formatEntries(result.entries)) out.print(line)
      if (result.total > result.entries.length) {
        out.warn(
          `Showing ${result.entries.length} of ${result.total} matches; narrow the query to see others.`,
        )
      }
    }
    return 0
  } finally {
    catalog.dispose()
  }
}

/**
 * Syncs the registries a search reads that were never synced or not for a while, with progress on stderr.
 * False when one has nothing to search at all (its sync failed and nothing was synced before).
 */
async function syncIfStale(
  catalog: RegistryCatalog,
  only: string | undefined,
  out: CliOutput,
): Promise<boolean> {
  let usable = true
  for (const state of catalog.list()) {
    if (only !== undefined && state.url !== only) continue
    if (!isStale(state, Date.now())) continue
    out.warn(`Syncing ${terminalText(state.url)}…`)
    const [after] = (await catalog.sync(state.url)).filter((synced) => synced.url === state.url)
    if (after?.error === undefined) {
      out.warn(`  ${after?.entries ?? 0} servers`)
    } else if (after.entries > 0) {
      out.warn(`  ${firstLine(after.error)}; searching what was synced ${whenSynced(after)}`)
    } else {
      out.warn(`mcp-desk: ${firstLine(after.error)}`)
      usable = false
    }
  }
  return usable
}

/** `registry show NAME`: asked of the registry, else from the index (said on stderr). */
export async function showRegistryEntry(
  home: string,
  name: string,
  options: RegistryCommandOptions & { version?: string | undefined },
  io: CliIo,
): Promise<number> {
  const out = outputOf(io)
  const { catalog, only } = openCatalog(home, options.registry)
  try {
    const detail = await catalog.show({
      name,
      ...(only === undefined ? {} : { registryUrl: only }),
      ...(options.version === undefined ? {} : { version: options.version }),
    })
    if (options.json) {
      out.print(JSON.stringify(detail, null, 2))
      return 0
    }
    if (detail.offline) out.warn('The registry could not be reached; this is what was last synced.')
    const { entry } = detail
    const rows: Array<[string, string | undefined]> = [
      ['Name', entry.name],
      ['Title', entry.title],
      ['Version', entry.version],
      ['Status', entry.status + (entry.statusMessage ? ` (${entry.statusMessage})` : '')],
      ['Registry', entry.registryUrl],
      ['Repository', entry.repositoryUrl],
      ['Website', entry.websiteUrl],
      ['Updated', entry.updatedAt],
      ['Versions', detail.versions.length > 0 ? detail.versions.join(', ') : undefined],
    ]
    for (const [label, value] of rows)
      if (value !== undefined) out.print(`${label.padEnd(11)}${firstLine(value)}`)
    if (entry.description !== '') out.print(`\n${terminalText(entry.description)}`)
    out.print('\nInstall options:')
    if (entry.options.length === 0) out.print('  none (the entry lists no packages or remotes)')
    for (const option of entry.options) {
      const how = option.supported
        ? option.runtime === undefined
          ? ''
          : ` (runs with ${option.runtime})`
        : ''
      out.print(`  ${firstLine(option.label)}${how}`)
      if (option.note !== undefined) out.print(`    ${firstLine(option.note)}`)
    }
    return 0
  } finally {
    catalog.dispose()
  }
}

export function listRegistries(home: string, json: boolean, io: CliIo): number {
  const { catalog } = openCatalog(home, undefined)
  try {
    const states = catalog.list()
    const out = outputOf(io)
    if (json) out.print(JSON.stringify(states, null, 2))
    else if (states.length === 0) out.print('No registries saved. Add one with: mcp-desk registry add <url>')
    else for (const line of formatRegistries(states)) out.print(line)
    return 0
  } finally {
    catalog.dispose()
  }
}

export async function addRegistry(
  home: string,
  url: string,
  name: string | undefined,
  io: CliIo,
): Promise<number> {
  const { catalog } = openCatalog(home, undefined)
  try {
    const states = await catalog.add(url, name)
    const added = states.at(-1)!
    outputOf(io).print(
      `Added registry "${firstLine(added.name)}" (${added.url}); \`mcp-desk registry sync\` fetches its servers`,
    )
    return 0
  } finally {
    catalog.dispose()
  }
}

export function removeRegistry(home: string, url: string, io: CliIo): number {
  const { catalog } = openCatalog(home, undefined)
  try {
    const before = catalog.list()
    const after = catalog.remove(url)
    const removed = before.find((state) => !after.some((left) => left.url === state.url))
    outputOf(io).print(`Removed registry ${removed?.url ?? url.trim()} and its synced index`)
    return 0
  } finally {
    catalog.dispose()
  }
}

/** `registry sync [URL]`: exit 1 when any registry failed to sync (the others are synced all the same). */
export async function syncRegistries(
  home: string,
  url: string | undefined,
  json: boolean,
  io: CliIo,
): Promise<number> {
  const out = outputOf(io)
  const { catalog } = openCatalog(home, undefined)
  try {
    const targets = catalog.list().filter((state) => url === undefined || sameUrl(state.url, url))
    if (url !== undefined && targets.length === 0) throw new Error(`no registry ${url.trim()} is saved`)
    for (const state of targets) out.warn(`Syncing ${terminalText(state.url)}…`)
    const states = (await catalog.sync(url?.trim().replace(/\/+$/, ''))).filter((state) =>
      targets.some((target) => target.url === state.url),
    )
    if (json) out.print(JSON.stringify(states, null, 2))
    else for (const line of formatRegistries(states)) out.print(line)
    const failed = states.filter((state) => state.error !== undefined)
    for (const state of failed) out.warn(`mcp-desk: ${state.url}: ${firstLine(state.error!)}`)
    return failed.length > 0 ? 1 : 0
  } finally {
    catalog.dispose()
  }
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.trim().replace(/\/+$/, '')
}

function whenSynced(state: RegistryState): string {
  return state.syncedAt === undefined ? 'before' : `at ${state.syncedAt}`
}

/** NAME, VERSION, TITLE and the description's first line, cut to 80 columns; inactive entries marked. */
export function formatEntries(entries: readonly RegistryEntryView[], width = 80): string[] {
  const names = entries.map((entry) => truncate(firstLine(entry.name), 48))
  const versions = entries.map((entry) => truncate(firstLine(entry.version), 16))
  const nameWidth = Math.max(4, ...names.map(displayWidth))
  const versionWidth = Math.max(7, ...versions.map(displayWidth))
  const pad = (text: string, to: number): string => text + ' '.repeat(Math.max(0, to - displayWidth(text)))
  const lines = [`${pad('NAME', nameWidth)}  ${pad('VERSION', versionWidth)}  TITLE`]
  entries.forEach((entry, index) => {
    const mark = entry.status === 'active' ? '' : ` [${entry.status}]`
    lines.push(
      `${pad(names[index]!, nameWidth)}  ${pad(versions[index]!, versionWidth)}  ${firstLine(entry.title)}${mark}`,
    )
    if (entry.description.trim() !== '')
      lines.push(`    ${truncate(firstLine(entry.description), width - 4)}`)
  })
  return lines
}

function formatRegistries(states: readonly RegistryState[]): string[] {
  const urlWidth = Math.max(3, ...states.map((state) => displayWidth(state.url)))
  const nameWidth = Math.max(4, ...states.map((state) => displayWidth(firstLine(state.name))))
  const pad = (text: string, to: number): string => text + ' '.repeat(Math.max(0, to - displayWidth(text)))
  return [
    `${pad('URL', urlWidth)}  ${pad('NAME', nameWidth)}  SERVERS  SYNCED`,
    ...states.map(
      (state) =>
        `${pad(state.url, urlWidth)}  ${pad(firstLine(state.name), nameWidth)}  ${String(state.entries).padStart(7)}  ${
          state.error !== undefined ? `failed: ${firstLine(state.error)}` : (state.syncedAt ?? 'never')
        }`,
    ),
  ]
}
