import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheFileOf } from '../../../../src/main/core/registry/registry-cache-file'
import type { RegistryServerResponse } from '../../../../src/shared/registry/server-json'
import { FILLER_COUNT, fixtureCatalog, registryEntry } from '../../../fixtures/registry/fixture-catalog'
import { tinyPng } from '../../../fixtures/registry/fixture-registry'
import { registryTestBed, type RegistryTestBed } from './registry-support'

const CATALOG_SIZE = 9 + FILLER_COUNT

let bed: RegistryTestBed
beforeEach(async () => {
  bed = await registryTestBed()
})
afterEach(async () => {
  await bed.cleanup()
})

function pageRequests(): string[] {
  return bed.registry.requests.filter((request) => request.startsWith('/v0.1/servers?'))
}

describe('RegistryService sync and search', () => {
  it('syncs every page of the registry and finds entries by their words', async () => {
    const service = bed.service()
    const [state] = await service.sync()
    expect(state).toMatchObject({ url: bed.registry.url, entries: CATALOG_SIZE, syncing: false })
    expect(state!.error).toBeUndefined()
    expect(pageRequests()).toHaveLength(3)
    expect(pageRequests()[0]).toContain('limit=100')
    expect(pageRequests()[0]).toContain('version=latest')
    expect(pageRequests()[1]).toContain('cursor=')

    const memory = await service.search({ query: 'memory' })
    expect(memory.entries[0]).toMatchObject({
      name: 'io.github.modelcontextprotocol/server-memory',
      title: 'Knowledge Graph Memory',
      version: '2026.8.31',
      hasIcon: true,
      options: [{ kind: 'package', registryType: 'npm', runtime: 'npx', supported: true }],
    })
    const weather = await service.search({ query: 'weather' })
    expect(weather.entries[0]!.options[0]).toMatchObject({ registryType: 'pypi', runtime: 'uvx' })
    const containers = await service.search({ query: 'containers' })
    expect(containers.entries[0]!.options[0]).toMatchObject({ registryType: 'oci', runtime: 'docker' })
    const remote = await service.search({ query: 'tenant' })
    expect(remote.entries[0]!.options[0]).toMatchObject({ kind: 'remote', supported: true })
    // Package identifiers are searched too.
    const byPackage = await service.search({ query: 'filler-007-mcp' })
    expect(byPackage.entries[0]!.name).toBe('io.example/filler-007')
  })

  it('marks deprecated and deleted entries and leaves them out unless asked for', async () => {
    const service = bed.service()
    await service.sync()
    const all = await service.search({ query: '', limit: 200 })
    expect(all.total).toBe(CATALOG_SIZE - 2)
    expect(all.entries.some((entry) => entry.name === 'io.example/gone')).toBe(false)
    const inactive = await service.search({ query: 'thing gone withdrawn', includeInactive: true })
    const byName = new Map(inactive.entries.map((entry) => [entry.name, entry]))
    expect(byName.get('io.example/old-thing')).toMatchObject({
      status: 'deprecated',
      statusMessage: 'Use io.example/new-thing instead.',
    })
    expect(byName.get('io.example/gone')).toMatchObject({ status: 'deleted' })
  })

  it('syncs incrementally with updated_since and merges what changed by name', async () => {
    let now = new Date('2026-10-01T12:00:00.000Z')
    const service = bed.service({ now: () => now })
    await service.sync()
    const changed: RegistryServerResponse[] = fixtureCatalog(bed.registry.url).map((entry) =>
      entry.server.name === 'io.example/weather-py'
        ? registryEntry(
            { ...entry.server, version: '1.3.0', description: 'Now with storm warnings.' },
            { updatedAt: '2026-10-01T12:30:00.000Z' },
          )
        : entry.server.name === 'io.example/containers'
          ? registryEntry(entry.server, { status: 'deleted', updatedAt: '2026-10-01T12:31:00.000Z' })
          : entry,
    )
    changed.push(
      registryEntry(
        { name: 'io.example/brand-new', description: 'Arrived later.', version: '0.1.0' },
        { updatedAt: '2026-10-01T12:32:00.000Z' },
      ),
    )
    bed.registry.setEntries(changed)
    bed.registry.requests.length = 0
    now = new Date('2026-10-01T13:00:00.000Z')
    const [state] = await service.sync()

    expect(pageRequests()).toHaveLength(1)
    const sent = new URL(pageRequests()[0]!, 'http://x').searchParams.get('updated_since')
    // The last sync's start, minus the overlap.
    expect(sent).toBe('2026-10-01T11:55:00.000Z')
    expect(state).toMatchObject({ entries: CATALOG_SIZE + 1, syncedAt: '2026-10-01T13:00:00.000Z' })
    const weather = await service.search({ query: 'storm' })
    expect(weather.entries[0]).toMatchObject({ name: 'io.example/weather-py', version: '1.3.0' })
    expect((await service.search({ query: 'containers' })).entries).toEqual([])
    const deleted = await service.search({ query: 'containers', includeInactive: true })
    expect(deleted.entries[0]).toMatchObject({ name: 'io.example/containers', status: 'deleted' })
    expect((await service.search({ query: 'arrived' })).entries[0]!.name).toBe('io.example/brand-new')
  })

  it('answers searches offline from the cache file once the registry is gone', async () => {
    await bed.service().sync()
    await bed.registry.close()
    const offline = bed.service()
    expect(offline.list()[0]).toMatchObject({ entries: CATALOG_SIZE })
    expect(offline.list()[0]!.syncedAt).toBeDefined()
    const found = await offline.search({ query: 'knowledge graph' })
    expect(found.entries[0]!.name).toBe('io.github.modelcontextprotocol/server-memory')
    const shown = await offline.show({ name: 'io.example/weather-py' })
    expect(shown).toMatchObject({ offline: true, versions: [], entry: { version: '1.2.0' } })
    await expect(offline.show({ name: 'io.example/never-synced' })).rejects.toThrow(/not in what was synced/)
  })

  it('treats a damaged cache file as never synced', async () => {
    await bed.service().sync()
    writeFileSync(cacheFileOf(bed.cacheDir, bed.registry.url), '{"url": "half a file')
    const fresh = bed.service()
    expect(fresh.list()[0]).toMatchObject({ entries: 0, syncing: false })
    expect(fresh.list()[0]!.syncedAt).toBeUndefined()
    expect((await fresh.search({ query: 'memory' })).entries).toEqual([])
    bed.registry.requests.length = 0
    await fresh.sync()
    expect(pageRequests()[0]).not.toContain('updated_since')
    expect(fresh.list()[0]!.entries).toBe(CATALOG_SIZE)
  })

  it('runs one sync of a registry for concurrent callers', async () => {
    const service = bed.service()
    const seen: boolean[] = []
    service.subscribe((registries) => seen.push(registries[0]!.syncing))
    const [first, second] = await Promise.all([service.sync(), service.sync(bed.registry.url)])
    expect(pageRequests()).toHaveLength(3)
    expect(first[0]!.entries).toBe(CATALOG_SIZE)
    expect(second[0]!.entries).toBe(CATALOG_SIZE)
    expect(seen[0]).toBe(true)
    expect(seen.at(-1)).toBe(false)
  })
})

describe('RegistryService show and icons', () => {
  it('shows an entry from the registry with its versions', async () => {
    const older = registryEntry({ ...fixtureCatalog(bed.registry.url)[1]!.server, version: '1.1.0' })
    bed.registry.setEntries([older, ...fixtureCatalog(bed.registry.url)])
    const service = bed.service()
    const shown = await service.show({ name: 'io.example/weather-py' })
    expect(shown).toMatchObject({ offline: false, versions: ['1.2.0', '1.1.0'], entry: { version: '1.2.0' } })
    const exact = await service.show({ name: 'io.example/weather-py', version: '1.1.0' })
    expect(exact.entry.version).toBe('1.1.0')
    await expect(service.show({ name: 'io.example/nothing-here' })).rejects.toThrow(/has no/)
    const json = await service.serverJson({ name: 'io.example/hello-bundle' })
    expect(json.server.packages![0]!.fileSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(json.meta?.status).toBe('active')
  })

  it('fetches an icon as a data URL, and refuses one that is too large or not a picture', async () => {
    const catalog = fixtureCatalog(bed.registry.url)
    const withIcon = (name: string, src: string): RegistryServerResponse =>
      registryEntry({ name, description: '', version: '1.0.0', icons: [{ src }] })
    bed.registry.setEntries([
      ...catalog,
      withIcon('io.example/huge-icon', `${bed.registry.url}/icons/huge.png`),
      withIcon('io.example/html-icon', `${bed.registry.url}/icons/page.html`),
    ])
    const service = bed.service()
    await service.sync()
    const { dataUrl } = await service.icon(bed.registry.url, 'io.github.modelcontextprotocol/server-memory')
    expect(dataUrl).toBe(`data:image/png;base64,${tinyPng().toString('base64')}`)
    // Cached: the second ask does not fetch again.
    const fetches = bed.registry.requests.filter((request) => request.startsWith('/icons/')).length
    await service.icon(bed.registry.url, 'io.github.modelcontextprotocol/server-memory')
    expect(bed.registry.requests.filter((request) => request.startsWith('/icons/'))).toHaveLength(fetches)

    await expect(service.icon(bed.registry.url, 'io.example/huge-icon')).rejects.toThrow(
      /larger than 256 KiB/,
    )
    await expect(service.icon(bed.registry.url, 'io.example/html-icon')).rejects.toThrow(/not a PNG/)
    expect(await service.icon(bed.registry.url, 'io.example/weather-py')).toEqual({ dataUrl: null })
  })
})

describe('RegistryService add and remove', () => {
  it('saves registries in settings, refusing duplicates and plain http elsewhere', async () => {
    const service = bed.service()
    const added = await service.add('https://registry.example.com/', 'Example')
    expect(added.map((state) => state.url)).toEqual([bed.registry.url, 'https://registry.example.com'])
    await expect(service.add('https://registry.example.com')).rejects.toThrow(/saved already/)
    await expect(service.add(`${bed.registry.url}/`)).rejects.toThrow(/saved already/)
    await expect(service.add('http://registry.example.com')).rejects.toThrow(/must use https/)
    await expect(service.add('ftp://registry.example.com')).rejects.toThrow(/must use https/)
    await expect(service.add('https://user:pw@registry.example.com')).rejects.toThrow(/user name or password/)
    expect(bed.settings.get().registries).toHaveLength(2)

    await service.sync(bed.registry.url)
    const cache = cacheFileOf(bed.cacheDir, bed.registry.url)
    expect(existsSync(cache)).toBe(true)
    expect(service.remove(`${bed.registry.url}/`).map((state) => state.url)).toEqual([
      'https://registry.example.com',
    ])
    expect(existsSync(cache)).toBe(false)
    expect(() => service.remove('https://nowhere.example.com')).toThrow(/no registry/)
  })

  it('adds to the settings as they are on disk, not a copy read earlier', async () => {
    const { SettingsService } = await import('../../../../src/main/core/config/settings-service')
    const { SettingsFileDocument } = await import('../../../../src/main/core/config/settings-file-document')
    const other = new SettingsService(new SettingsFileDocument(bed.dir))
    const service = bed.service()
    other.update((draft) => {
      draft.registries.push({ url: 'https://mirror.example.org', name: 'Mirror' })
    })
    await service.add('https://registry.example.com')
    expect(bed.settings.get().registries.map((source) => source.url)).toEqual([
      bed.registry.url,
      'https://mirror.example.org',
      'https://registry.example.com',
    ])
    expect(readdirSync(bed.dir)).toContain('settings.json')
  })

  it('tells its listeners when another process changes the saved registries', () => {
    const service = bed.service()
    const heard: string[][] = []
    service.subscribe((registries) => heard.push(registries.map((state) => state.url)))
    bed.settings.update((draft) => {
      draft.registries.push({ url: 'https://mirror.example.org', name: 'Mirror' })
    })
    bed.settings.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    expect(heard).toEqual([[bed.registry.url, 'https://mirror.example.org']])
    service.dispose()
    bed.settings.update((draft) => {
      draft.registries.pop()
    })
    expect(heard).toHaveLength(1)
  })
})
