import type { ServerJson } from '../../../shared/registry/server-json'
import { RegistryFetchError, type RegistryGet } from './registry-fetch'

/** An icon is a small picture; anything larger is not fetched. */
export const MAX_ICON_BYTES = 256 * 1024
/** Icons kept in memory; the oldest goes first. */
const MAX_CACHED_ICONS = 200
const ICON_TIMEOUT_MS = 15_000
const ICON_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'])

type Icon = NonNullable<ServerJson['icons']>[number]

/**
 * Registry icons fetched by the host (through the registry's guarded fetch, never by the renderer) and
 * handed over as `data:` URLs, cached in memory. Only PNG, JPEG, WebP and SVG are passed on: SVG is shown
 * in an <img>, where its scripts do not run.
 */
export class RegistryIcons {
  readonly #cache = new Map<string, string | null>()
  readonly #pending = new Map<string, Promise<string | null>>()

  async dataUrl(key: string, server: ServerJson, get: RegistryGet): Promise<string | null> {
    if (this.#cache.has(key)) return this.#cache.get(key) ?? null
    let pending = this.#pending.get(key)
    if (pending === undefined) {
      pending = fetchIcon(server, get).finally(() => this.#pending.delete(key))
      this.#pending.set(key, pending)
    }
    const dataUrl = await pending
    if (this.#cache.size >= MAX_CACHED_ICONS) this.#cache.delete(this.#cache.keys().next().value!)
    this.#cache.set(key, dataUrl)
    return dataUrl
  }
}

async function fetchIcon(server: ServerJson, get: RegistryGet): Promise<string | null> {
  const icon = chooseIcon(server.icons ?? [])
  if (icon === undefined) return null
  const answer = await get(icon.src, {
    what: `the icon of ${server.name}`,
    maxBytes: MAX_ICON_BYTES,
    timeoutMs: ICON_TIMEOUT_MS,
    accept: [...ICON_TYPES].join(', '),
  })
  if (answer.status < 200 || answer.status > 299) {
    throw new RegistryFetchError(`the icon of ${server.name} answered HTTP ${answer.status}`)
  }
  const type = answer.contentType.split(';')[0]!.trim().toLowerCase()
  const mime = ICON_TYPES.has(type) ? type : icon.mimeType?.toLowerCase()
  if (mime === undefined || !ICON_TYPES.has(mime)) {
    throw new RegistryFetchError(
      `the icon of ${server.name} is not a PNG, JPEG, WebP or SVG image (${type || 'no type'})`,
    )
  }
  return `data:${mime};base64,${answer.body.toString('base64')}`
}

/**
 * The icon to show: one of a type that can be shown (or of no stated type), for no theme or the light one
 * first, and of the size nearest 64 pixels (lists show them small).
 */
export function chooseIcon(icons: readonly Icon[]): Icon | undefined {
  const usable = icons.filter(
    (icon) => icon.mimeType === undefined || ICON_TYPES.has(icon.mimeType.toLowerCase()),
  )
  const rank = (icon: Icon): number => {
    const themePenalty = icon.theme === 'dark' ? 10_000 : 0
    const sizes = (icon.sizes ?? []).map((size) => (size === 'any' ? 64 : Number.parseInt(size, 10)))
    const nearest = Math.min(...sizes.filter(Number.isFinite).map((size) => Math.abs(size - 64)), 1000)
    return themePenalty + nearest
  }
  return [...usable].sort((a, b) => rank(a) - rank(b))[0]
}
