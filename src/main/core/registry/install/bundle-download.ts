import { createHash } from 'node:crypto'
import { BodyTooLargeError, readCappedBytes } from '../../net/http-answer'
import type { FetchLike } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import { isLoopbackHostname } from '../../security/external-link-policy'
import { formatBytes } from '../../config/import/mcpb/bundle-limits'
import { redactUrl } from '../../mcp/http/remote-url-policy'
import { fetchFollowingRedirects, MAX_REDIRECTS } from '../../mcp/http/follow-redirects'
import { addressRefusalOf, localHttpOnly, publicOnly, sharedPinnedFetch } from '../../mcp/http/pinned-fetch'

/**
 * Downloads an `.mcpb` bundle a registry entry points at. The URL is the publisher's, so the fetch is the
 * pinned one OAuth discovery uses: https only, public addresses only (a registry on this computer, as in
 * development and the tests, may serve its bundles over http from this computer), redirects followed by
 * hand and each hop checked, the body counted as it arrives and dropped past the cap, and the whole
 * download bounded in time.
 */

export interface DownloadOptions {
  maxBytes: number
  signal?: AbortSignal
  /** The registry is on this computer: plain http and loopback addresses are allowed. */
  local?: boolean
}

export type BundleDownload = (url: string, options: DownloadOptions) => Promise<Uint8Array>

export interface BundleDownloaderOptions {
  /** Replaces the pinned fetches (tests); the URL checks still apply. */
  fetch?: FetchLike
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 120_000

export function createBundleDownloader(options: BundleDownloaderOptions = {}): BundleDownload {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  return async (address, { maxBytes, signal, local = false }) => {
    const fetch = options.fetch ?? sharedPinnedFetch(local ? localHttpOnly : publicOnly)
    const timeout = AbortSignal.timeout(timeoutMs)
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout])
    // The hop being fetched, for the messages below.
    let url = parseUrl(address)
    try {
      const hop: FetchLike = (next, init) => {
        url = next instanceof URL ? next : new URL(next)
        return fetch(next, init)
      }
      const { response } = await fetchFollowingRedirects(
        hop,
        url,
        { signal: combined },
        {
          check: (next) => checkTarget(next, local),
          refuse: (problem) =>
            refused(
              problem.kind === 'no-location'
                ? `${redactUrl(problem.url)} answered HTTP ${problem.status} without a Location`
                : `more than ${MAX_REDIRECTS} redirects while downloading ${redactUrl(problem.url)}`,
            ),
        },
      )
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        throw refused(`${redactUrl(url)} answered HTTP ${response.status}`)
      }
      return await readCapped(response, maxBytes)
    } catch (error) {
      if (error instanceof IpcFailure) throw error
      if (timeout.aborted) {
        throw new IpcFailure(
          'unavailable',
          `The bundle download from ${redactUrl(url)} took longer than ${seconds(timeoutMs)}`,
        )
      }
      if (signal?.aborted === true) throw new IpcFailure('unavailable', 'The bundle download was cancelled')
      const refusal = addressRefusalOf(error)
      if (refusal !== undefined) throw refused(`refused ${redactUrl(url)}: ${refusal.message}`)
      throw new IpcFailure('unavailable', `The bundle could not be downloaded from ${redactUrl(url)}`)
    }
  }
}

function seconds(ms: number): string {
  const whole = Math.max(1, Math.round(ms / 1000))
  return whole === 1 ? '1 second' : `${whole} seconds`
}

function parseUrl(address: string): URL {
  try {
    return new URL(address)
  } catch {
    throw refused('the bundle address is not a URL')
  }
}

function checkTarget(url: URL, local: boolean): void {
  if (url.username !== '' || url.password !== '') throw refused(`${redactUrl(url)} carries credentials`)
  const localHttp = local && url.protocol === 'http:' && isLoopbackHostname(url.hostname)
  if (url.protocol !== 'https:' && !localHttp) {
    throw refused(`refused ${redactUrl(url)}: bundles are downloaded over https only`)
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readCappedBytes(response, maxBytes))
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    throw refused(`the bundle is larger than ${formatBytes(maxBytes)}, the most MCP Desk downloads`)
  }
}

function refused(reason: string): IpcFailure {
  return new IpcFailure('validation_failed', `The bundle was not downloaded: ${reason}`)
}

/**
 * The downloaded bytes must be the ones the registry published: a missing or different SHA-256 refuses
 * the bundle before anything is unpacked. The sentence shows the start of both hashes, enough to compare.
 */
export function checkSha256(bytes: Uint8Array, expected: string): void {
  const actual = createHash('sha256').update(bytes).digest('hex')
  if (actual !== expected) {
    throw new IpcFailure(
      'validation_failed',
      `The downloaded bundle is not the one the registry published: the registry says its SHA-256 starts ${expected.slice(0, 12)}…, the download's starts ${actual.slice(0, 12)}…; nothing was unpacked or installed`,
    )
  }
}

/** The registry's SHA-256 of a bundle, checked before anything is downloaded: without one, no download. */
export function expectedSha256(value: string | undefined): string {
  const hash = value?.trim().toLowerCase() ?? ''
  if (hash === '') {
    throw new IpcFailure(
      'validation_failed',
      'The registry gives no SHA-256 for this bundle, so MCP Desk cannot check the download; nothing was installed',
    )
  }
  if (!/^[0-9a-f]{64}$/.test(hash)) {
    throw new IpcFailure(
      'validation_failed',
      'The SHA-256 the registry gives for this bundle is not a SHA-256 (64 hex digits); nothing was installed',
    )
  }
  return hash
}
