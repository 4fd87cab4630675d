import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import {
  registryServerResponseSchema,
  type RegistryServerResponse,
} from '../../../shared/registry/server-json'

/**
 * What was last synced of one registry, kept at `<profile>/cache/registries/<hash of its URL>.json` so that
 * search answers offline and the next sync asks only for what changed since. It is a cache: a file that
 * cannot be read or does not parse counts as never synced (the next sync fetches everything again).
 */
export interface RegistrySnapshot {
  url: string
  syncedAt: string
  entries: RegistryServerResponse[]
}

/** Larger than 50,000 entries of a few KiB each would ever need; past it the file is not read. */
const MAX_CACHE_BYTES = 512 * 1024 * 1024

const snapshotSchema = z.object({
  url: z.string(),
  syncedAt: z.string().datetime(),
  entries: z.array(z.unknown()),
})

export function cacheFileOf(cacheDir: string, registryUrl: string): string {
  const hash = createHash('sha256').update(registryUrl).digest('hex').slice(0, 24)
  return join(cacheDir, `${hash}.json`)
}

/** The snapshot of `registryUrl`, or undefined when there is none usable (absent, damaged, another URL's). */
export function readSnapshot(cacheDir: string, registryUrl: string): RegistrySnapshot | undefined {
  let text: string
  try {
    const buffer = readFileSync(cacheFileOf(cacheDir, registryUrl))
    if (buffer.byteLength > MAX_CACHE_BYTES) return undefined
    text = buffer.toString('utf8')
  } catch {
    return undefined
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = snapshotSchema.safeParse(json)
  if (!parsed.success || parsed.data.url !== registryUrl) return undefined
  const entries: RegistryServerResponse[] = []
  for (const raw of parsed.data.entries) {
    const entry = registryServerResponseSchema.safeParse(raw)
    if (entry.success) entries.push(entry.data)
  }
  return { url: registryUrl, syncedAt: parsed.data.syncedAt, entries }
}

/** Written to a temp file and renamed over the old one: a reader sees the old snapshot or the new, whole. */
export function writeSnapshot(cacheDir: string, snapshot: RegistrySnapshot): void {
  mkdirSync(cacheDir, { recursive: true, mode: 0o700 })
  const file = cacheFileOf(cacheDir, snapshot.url)
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  try {
    writeFileSync(temporary, JSON.stringify(snapshot), { mode: 0o600 })
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

export function removeSnapshot(cacheDir: string, registryUrl: string): void {
  rmSync(cacheFileOf(cacheDir, registryUrl), { force: true })
}
