import { z } from 'zod'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import {
  registryServerResponseSchema,
  type RegistryServerResponse,
} from '../../../shared/registry/server-json'
import { RegistryFetchError, type RegistryGet } from './registry-fetch'

/**
 * The registry API v0.1 (https://github.com/modelcontextprotocol/registry/tree/main/docs/reference/api):
 * `GET /v0.1/servers` in pages, and one server's versions. Entries are parsed one by one: an entry this
 * host cannot read is skipped and counted, never the reason a whole page fails; a page that is not the
 * API's shape fails with a sentence naming the registry.
 */

export const PAGE_LIMIT = 100
/** A page of 100 server.json documents is well under this; a registry sending more is not answering pages. */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

const listSchema = z.object({
  servers: z.array(z.unknown()).max(1000),
  metadata: z
    .object({
      nextCursor: z.string().max(2048).optional(),
      next_cursor: z.string().max(2048).optional(),
    })
    .passthrough()
    .optional(),
})

export interface RegistryPage {
  entries: RegistryServerResponse[]
  /** Entries that did not parse (a bad name, a missing version): skipped. */
  skipped: number
  nextCursor: string | undefined
}

export interface PageQuery {
  cursor?: string
  updatedSince?: string
  search?: string
}

export class RegistryClient {
  readonly #base: string
  readonly #get: RegistryGet
  readonly #timeoutMs: number

  constructor(base: string, get: RegistryGet, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS) {
    this.#base = base.replace(/\/+$/, '')
    this.#get = get
    this.#timeoutMs = timeoutMs
  }

  async page(query: PageQuery): Promise<RegistryPage> {
    const params = new URLSearchParams({ limit: String(PAGE_LIMIT) })
    if (query.cursor !== undefined) params.set('cursor', query.cursor)
    if (query.updatedSince !== undefined) params.set('updated_since', query.updatedSince)
    params.set('version', 'latest')
    if (query.search !== undefined && query.search !== '') params.set('search', query.search)
    const json = await this.#json(`${this.#base}/v0.1/servers?${params.toString()}`, 'a page of servers')
    const list = this.#shape(listSchema, json, 'a page of servers')
    const { entries, skipped } = parseEntries(list.servers)
    const cursor = list.metadata?.nextCursor ?? list.metadata?.next_cursor
    return { entries, skipped, nextCursor: cursor === '' ? undefined : cursor }
  }

  /** Every published version of one server, as the registry lists them. */
  async versions(name: string): Promise<RegistryPage> {
    const json = await this.#json(
      `${this.#base}/v0.1/servers/${encodeURIComponent(name)}/versions`,
      `the versions of ${name}`,
    )
    const list = this.#shape(listSchema, json, `the versions of ${name}`)
    return { ...parseEntries(list.servers), nextCursor: undefined }
  }

  /** One version (`latest` by default) of one server. */
  async version(name: string, version = 'latest'): Promise<RegistryServerResponse> {
    const what = `${name} ${version}`
    const json = await this.#json(
      `${this.#base}/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`,
      what,
    )
    return this.#shape(registryServerResponseSchema, json, what)
  }

  async #json(url: string, what: string): Promise<unknown> {
    const answer = await this.#get(url, { what, maxBytes: MAX_PAGE_BYTES, timeoutMs: this.#timeoutMs })
    if (answer.status === 404) throw new IpcFailure('not_found', `${this.#base} has no ${what}`)
    if (answer.status < 200 || answer.status > 299) {
      throw new RegistryFetchError(`${this.#base} answered HTTP ${answer.status} for ${what}`)
    }
    try {
      return JSON.parse(answer.body.toString('utf8')) as unknown
    } catch {
      throw new RegistryFetchError(`${this.#base} answered ${what} with something that is not JSON`)
    }
  }

  #shape<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new RegistryFetchError(
        `${this.#base} answered ${what} in a shape that is not the registry API v0.1`,
      )
    }
    return parsed.data
  }
}

function parseEntries(raw: readonly unknown[]): { entries: RegistryServerResponse[]; skipped: number } {
  const entries: RegistryServerResponse[] = []
  let skipped = 0
  for (const item of raw) {
    const parsed = registryServerResponseSchema.safeParse(item)
    if (parsed.success) entries.push(parsed.data)
    else skipped += 1
  }
  return { entries, skipped }
}
