import { describe, expect, it } from 'vitest'
import {
  formatAgo,
  placeholderLetter,
  registryStatusLine,
  resultsText,
} from '../../../src/renderer/src/registry/registry-labels'
import type { RegistryState } from '../../../src/shared/registry/registry-view'

const MINUTE = 60_000

function registry(overrides: Partial<RegistryState> = {}): RegistryState {
  return { url: 'https://registry.example.com', name: 'Example', entries: 253, syncing: false, ...overrides }
}

describe('registry words', () => {
  it('says how long ago a sync finished as a person would', () => {
    expect(formatAgo(20_000)).toBe('just now')
    expect(formatAgo(MINUTE)).toBe('1 minute ago')
    expect(formatAgo(3 * MINUTE + 5_000)).toBe('3 minutes ago')
    expect(formatAgo(2 * 60 * MINUTE)).toBe('2 hours ago')
    expect(formatAgo(3 * 24 * 60 * MINUTE)).toBe('3 days ago')
    expect(formatAgo(-5)).toBe('just now')
  })

  it('gives each sync state its own line', () => {
    const synced = registry({ syncedAt: '2026-12-05T10:00:00Z' })
    expect(registryStatusLine(synced, 3 * MINUTE)).toEqual({
      text: 'Synced 3 minutes ago · 253 servers',
      tone: 'idle',
    })
    expect(registryStatusLine(registry({ entries: 1, syncedAt: 'x' }), 0).text).toBe(
      'Synced just now · 1 server',
    )
    expect(registryStatusLine(registry({ syncing: true, entries: 0 }), 0)).toEqual({
      text: 'Syncing…',
      tone: 'busy',
    })
    expect(registryStatusLine(registry({ syncing: true }), 0).text).toBe('Syncing… · 253 servers so far')
    expect(registryStatusLine({ ...synced, error: 'the registry answered 502' }, 0)).toEqual({
      text: 'Sync failed: the registry answered 502 — showing what was synced before (253 servers)',
      tone: 'failed',
    })
    expect(registryStatusLine(registry({ entries: 0, error: 'no route to host' }), 0).text).toBe(
      'Sync failed: no route to host — nothing synced yet',
    )
    expect(registryStatusLine(registry({ entries: 0 }), 0).text).toBe(
      'Not synced yet — choose Sync to fetch its servers',
    )
    expect(registryStatusLine(registry({ entries: 1234, syncedAt: 'x' }), 0).text).toContain('1,234 servers')
  })

  it('stands a letter in for an icon, from the title or the last part of the name', () => {
    expect(placeholderLetter({ title: 'knowledge Graph', name: 'io.x/memory' })).toBe('K')
    expect(placeholderLetter({ title: '', name: 'io.x/memory' })).toBe('M')
    expect(placeholderLetter({ title: '✨ 3D tools', name: 'io.x/3d' })).toBe('3')
    expect(placeholderLetter({ title: '—', name: 'io.x/—' })).toBe('?')
  })

  it('counts results, naming the query', () => {
    expect(resultsText(12, 12, '')).toBe('12 servers')
    expect(resultsText(50, 253, 'memory')).toBe('50 of 253 servers matching “memory”')
    expect(resultsText(0, 0, ' memory ')).toBe('No servers match “memory”')
    expect(resultsText(0, 0, '')).toBe('No servers')
  })
})
