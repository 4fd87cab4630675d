import { z } from 'zod'
import type { SecretStore } from '../../secrets/secret-store'

/**
 * One server's OAuth credentials, kept in the secret store (never in settings.json, never logged): the
 * tokens of the current sign-in, and the client registrations the host made itself (dynamically, or the
 * URL-based client id it used). A pre-registered client id comes from the server's config instead; only
 * the issuer it was first used with is remembered here.
 *
 * Registrations are keyed by the authorization server's issuer: a client id is only valid at the server that
 * issued it (RFC 6749 §2.2), and a server whose protected-resource metadata moves to another authorization
 * server (SEP-2352) must register again there and never show the new one the old client. Tokens carry the
 * issuer stamp the SDK puts on them and are checked against it before use.
 *
 * Records are JSON with loose schemas: whatever the authorization server sent is kept as is, and a record
 * (or one issuer's entry) that no longer parses is treated as absent, so damage means "sign in again", never
 * a crash. The store is shared with other processes (the CLI beside the app): every change reads the
 * current record, changes it and writes it back, nothing is cached here.
 */
const storedTokensSchema = z
  .object({
    tokens: z.looseObject({ access_token: z.string().min(1), token_type: z.string() }),
    /** When the token arrived (ms since epoch), so `expires_in` can be turned into a time. */
    obtainedAt: z.number(),
  })
  .strict()
export type StoredTokens = z.infer<typeof storedTokensSchema>

const storedClientSchema = z
  .object({
    client: z.looseObject({ client_id: z.string().min(1) }),
    /** The loopback port the registration's redirect URI names; the next sign-in tries it first. */
    redirectPort: z.number().int().min(1).max(65535),
  })
  .strict()
export type StoredClient = z.infer<typeof storedClientSchema>

/** The stored shape since registrations are keyed by issuer (entries checked one by one on read). */
const clientRecordSchema = z.object({
  byIssuer: z.record(z.string(), z.unknown()),
  unbound: z.unknown().optional(),
  boundClientIds: z.record(z.string(), z.string()).optional(),
})

interface ClientRecord {
  /** Most recently saved last. */
  byIssuer: Record<string, StoredClient>
  /**
   * A registration stored before issuer keys whose client carried no issuer stamp (the SDK stamps every
   * one it saves, so only old records): served to the first authorization server that asks, which the SDK
   * then stamps and saves under its issuer, or replaces.
   */
  unbound?: StoredClient
  /** Pre-registered client id (from the settings) → the issuer it was first signed in with. */
  boundClientIds: Record<string, string>
}

export class OAuthCredentials {
  readonly #secrets: SecretStore

  constructor(secrets: SecretStore) {
    this.#secrets = secrets
  }

  /** The current sign-in's tokens, whichever authorization server issued them (the bearer the server gets). */
  tokens(serverId: string): StoredTokens | undefined {
    return this.#read(tokensName(serverId), storedTokensSchema)
  }

  /** The tokens only if `issuer` issued them (or they predate the stamp): never hand one to another. */
  tokensFrom(serverId: string, issuer: string): StoredTokens | undefined {
    const stored = this.tokens(serverId)
    const stamp = stored?.tokens['issuer']
    return typeof stamp === 'string' && !sameIssuer(stamp, issuer) ? undefined : stored
  }

  saveTokens(serverId: string, tokens: StoredTokens): void {
    this.#secrets.set(tokensName(serverId), JSON.stringify(tokens))
  }

  /** The registration the host made at `issuer`; an unstamped old one stands in until it is keyed. */
  client(serverId: string, issuer: string): StoredClient | undefined {
    const record = this.#clientRecord(serverId)
    return record.byIssuer[issuerKey(issuer)] ?? record.unbound
  }

  /** The registration saved last, at any issuer: its redirect port is the one a sign-in tries first. */
  latestClient(serverId: string): StoredClient | undefined {
    const record = this.#clientRecord(serverId)
    return Object.values(record.byIssuer).at(-1) ?? record.unbound
  }

  saveClient(serverId: string, issuer: string, client: StoredClient): void {
    this.#updateClients(serverId, (record) => {
      const key = issuerKey(issuer)
      // Re-inserted so it becomes the latest; the unbound old record was served to this flow, so it is now
      // either this very client (stamped) or replaced by it.
      delete record.byIssuer[key]
      record.byIssuer[key] = client
      delete record.unbound
    })
  }

  /** The registration at `issuer` was refused (invalid_client): forget it, keep the others. */
  forgetClient(serverId: string, issuer: string): void {
    this.#updateClients(serverId, (record) => {
      delete record.byIssuer[issuerKey(issuer)]
      delete record.unbound
    })
  }

  /** The issuer a pre-registered client id was first signed in with, if it was. */
  boundIssuer(serverId: string, clientId: string): string | undefined {
    const { boundClientIds } = this.#clientRecord(serverId)
    return Object.hasOwn(boundClientIds, clientId) ? boundClientIds[clientId] : undefined
  }

  bindClientId(serverId: string, clientId: string, issuer: string): void {
    this.#updateClients(serverId, (record) => {
      record.boundClientIds[clientId] = issuer
    })
  }

  forgetTokens(serverId: string): void {
    this.#secrets.delete(tokensName(serverId))
  }

  /** Sign out, or the server was removed: nothing of its authorization stays behind. */
  forgetAll(serverId: string): void {
    this.forgetTokens(serverId)
    this.#secrets.delete(clientName(serverId))
  }

  #clientRecord(serverId: string): ClientRecord {
    return parseClientRecord(this.#readJson(clientName(serverId)))
  }

  #updateClients(serverId: string, change: (record: ClientRecord) => void): void {
    const record = this.#clientRecord(serverId)
    change(record)
    const empty =
      Object.keys(record.byIssuer).length === 0 &&
      record.unbound === undefined &&
      Object.keys(record.boundClientIds).length === 0
    if (empty) this.#secrets.delete(clientName(serverId))
    else this.#secrets.set(clientName(serverId), JSON.stringify(record))
  }

  #read<T>(name: string, schema: z.ZodType<T>): T | undefined {
    const parsed = schema.safeParse(this.#readJson(name))
    return parsed.success ? parsed.data : undefined
  }

  #readJson(name: string): unknown {
    try {
      const raw = this.#secrets.get(name)
      return raw === undefined ? undefined : (JSON.parse(raw) as unknown)
    } catch {
      return undefined
    }
  }
}

/**
 * Reads both shapes: the one-registration record from before issuer keys (migrated here, on every read,
 * and written in the new shape by the next change) and the keyed one.
 */
function parseClientRecord(raw: unknown): ClientRecord {
  const legacy = storedClientSchema.safeParse(raw)
  if (legacy.success) {
    const stamp = legacy.data.client['issuer']
    return typeof stamp === 'string' && stamp !== ''
      ? { byIssuer: { [issuerKey(stamp)]: legacy.data }, boundClientIds: {} }
      : { byIssuer: {}, unbound: legacy.data, boundClientIds: {} }
  }
  const record = clientRecordSchema.safeParse(raw)
  if (!record.success) return { byIssuer: {}, boundClientIds: {} }
  const byIssuer: Record<string, StoredClient> = {}
  for (const [issuer, entry] of Object.entries(record.data.byIssuer)) {
    const parsed = storedClientSchema.safeParse(entry)
    if (parsed.success) byIssuer[issuer] = parsed.data
  }
  const unbound = storedClientSchema.safeParse(record.data.unbound)
  return {
    byIssuer,
    ...(unbound.success ? { unbound: unbound.data } : {}),
    boundClientIds: { ...record.data.boundClientIds },
  }
}

/**
 * Issuers compare as the SDK compares them: equal, or equal but for one trailing slash (a URL the SDK
 * derived itself always ends in one, the metadata's `issuer` often does not).
 */
export function sameIssuer(a: string, b: string): boolean {
  return a === b || (a.endsWith('/') && a.slice(0, -1) === b) || (b.endsWith('/') && b.slice(0, -1) === a)
}

function issuerKey(issuer: string): string {
  return issuer.endsWith('/') ? issuer.slice(0, -1) : issuer
}

export function tokensName(serverId: string): string {
  return `oauth.${serverId}.tokens`
}

export function clientName(serverId: string): string {
  return `oauth.${serverId}.client`
}

/** When the stored access token expires (ms since epoch), if the authorization server said. */
export function tokenExpiry(stored: StoredTokens): number | undefined {
  const expiresIn = stored.tokens['expires_in']
  return typeof expiresIn === 'number' && Number.isFinite(expiresIn)
    ? stored.obtainedAt + expiresIn * 1000
    : undefined
}
