import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OFFICIAL_REGISTRY_URL } from '../../src/shared/registry/server-json'
import type { RegistrySearchResult, RegistryState } from '../../src/shared/registry/registry-view'
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/fixture-registry'
import { tempHome, type TempHome } from '../support/temp-home'
import { expectExit, runMcpDesk } from './support/cli-harness'

let temp: TempHome
let home: string
let registry: FixtureRegistry
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-registry-')
  home = path.join(temp.dir, 'home')
  registry = await startFixtureRegistry()
})
afterEach(async () => {
  await registry.close()
  await temp.cleanup()
})

function savedRegistries(): Array<{ url: string; name: string }> {
  return (
    JSON.parse(fs.readFileSync(path.join(home, 'settings.json'), 'utf8')) as {
      registries: Array<{ url: string; name: string }>
    }
  ).registries
}

async function useFixtureOnly(): Promise<void> {
  await expectExit(['--home', home, 'registry', 'add', registry.url, '--name', 'Fixture'], 0)
  await expectExit(['--home', home, 'registry', 'remove', OFFICIAL_REGISTRY_URL], 0)
}

describe('mcp-desk registry', () => {
  it('adds, lists and removes registries', async () => {
    const added = await expectExit(
      ['--home', home, 'registry', 'add', `${registry.url}/`, '--name', 'Fixture'],
      0,
    )
    expect(added.stdout).toContain(`Added registry "Fixture" (${registry.url})`)
    expect(savedRegistries()).toEqual([
      { url: OFFICIAL_REGISTRY_URL, name: 'MCP registry' },
      { url: registry.url, name: 'Fixture' },
    ])
    const again = await runMcpDesk(['--home', home, 'registry', 'add', registry.url])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('is saved already')
    const plain = await runMcpDesk(['--home', home, 'registry', 'add', 'http://registry.example.com'])
    expect(plain.code).toBe(1)
    expect(plain.stderr).toContain('must use https')

    const list = await expectExit(['--home', home, 'registry', 'list'], 0)
    expect(list.stdout).toMatch(/URL\s+NAME\s+SERVERS\s+SYNCED/)
    expect(list.stdout).toMatch(new RegExp(`${registry.url}\\s+Fixture\\s+0\\s+never`))
    const json = JSON.parse(
      (await expectExit(['--home', home, 'registry', 'list', '--json'], 0)).stdout,
    ) as RegistryState[]
    expect(json.map((state) => state.url)).toEqual([OFFICIAL_REGISTRY_URL, registry.url])

    await expectExit(['--home', home, 'registry', 'remove', OFFICIAL_REGISTRY_URL], 0)
    expect(savedRegistries()).toEqual([{ url: registry.url, name: 'Fixture' }])
    expect(
      (await runMcpDesk(['--home', home, 'registry', 'remove', OFFICIAL_REGISTRY_URL])).stderr,
    ).toContain('no registry')
  })

  it('search syncs first, then answers from the index without asking again', async () => {
    await useFixtureOnly()
    const first = await expectExit(['--home', home, 'registry', 'search', 'memory'], 0)
    expect(first.stderr).toContain(`Syncing ${registry.url}…`)
    expect(first.stderr).toContain('249 servers')
    expect(first.stdout).toMatch(/NAME\s+VERSION\s+TITLE/)
    expect(first.stdout).toMatch(
      /io\.github\.modelcontextprotocol\/server-memory\s+2026\.8\.31\s+Knowledge Graph Memory/,
    )

    const pages = registry.requests.length
    const json = await expectExit(['--home', home, 'registry', 'search', 'thing', '--all', '--json'], 0)
    expect(registry.requests).toHaveLength(pages)
    const result = JSON.parse(json.stdout) as RegistrySearchResult
    expect(result.entries.find((entry) => entry.name === 'io.example/old-thing')).toMatchObject({
      status: 'deprecated',
    })
    const inactiveHidden = await expectExit(['--home', home, 'registry', 'search', 'withdrawn'], 0)
    expect(inactiveHidden.stderr).toContain('No server matched "withdrawn"')

    // Offline: the registry is gone, the index answers.
    await registry.close()
    const offline = await expectExit(['--home', home, 'registry', 'search', 'weather'], 0)
    expect(offline.stdout).toContain('io.example/weather-py')
  })

  it('search --registry uses a registry for one command without saving it', async () => {
    const run = await expectExit(
      ['--home', home, 'registry', 'search', 'tenant', '--registry', registry.url],
      0,
    )
    expect(run.stdout).toContain('io.example/remote-tenant')
    expect(savedRegistries()).toEqual([{ url: OFFICIAL_REGISTRY_URL, name: 'MCP registry' }])
  })

  it('a registry that answers garbage fails the search with a sentence when nothing was synced', async () => {
    registry.fault('garbage')
    const run = await runMcpDesk(['--home', home, 'registry', 'search', 'memory', '--registry', registry.url])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('answered a page of servers with something that is not JSON')
  })

  it('show prints an entry with its versions and install options, --json the detail', async () => {
    await useFixtureOnly()
    const shown = await expectExit(['--home', home, 'registry', 'show', 'io.example/shell-trap'], 0)
    expect(shown.stdout).toMatch(/Name\s+io\.example\/shell-trap/)
    expect(shown.stdout).toMatch(/Versions\s+1\.0\.0/)
    expect(shown.stdout).toContain('npm shell-trap-mcp 1.0.0 (runs with npx)')
    const bundle = await expectExit(
      ['--home', home, 'registry', 'show', 'io.example/hello-bundle', '--json'],
      0,
    )
    expect(JSON.parse(bundle.stdout)).toMatchObject({
      offline: false,
      entry: { options: [{ registryType: 'mcpb', supported: true, label: 'MCP bundle hello.mcpb 1.2.0' }] },
    })
    const version = await runMcpDesk([
      '--home',
      home,
      'registry',
      'show',
      'io.example/weather-py',
      '--version',
      '9.9.9',
    ])
    expect(version.code).toBe(1)
    expect(version.stderr).toContain('has no io.example/weather-py 9.9.9')
  })

  it('sync reports each registry, and exits 1 when one failed', async () => {
    await useFixtureOnly()
    const synced = await expectExit(['--home', home, 'registry', 'sync'], 0)
    expect(synced.stdout).toMatch(new RegExp(`${registry.url}\\s+Fixture\\s+249\\s+\\d{4}-`))
    registry.fault('shape')
    const failed = await runMcpDesk(['--home', home, 'registry', 'sync', registry.url])
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('not the registry API v0.1')
    expect(failed.stdout).toMatch(/249\s+failed:/)
  })

  it('--version is a server version for registry commands and the app version elsewhere', async () => {
    expect((await runMcpDesk(['--version'])).stdout).toMatch(/^mcp-desk /)
    const wrong = await runMcpDesk(['--home', home, 'registry', 'search', 'x', '--version', '1'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('option --version does not apply to registry search')
  })
})
