import { z } from 'zod'
import type { SecretStore } from '../../secrets/secret-store'

/**
 * One server's OAuth credentials, kept in the secret store (never in settings.json, never logged): the
 * tokens, and the client registration when the host registered itself dynamically. A pre-registered client
 * id comes from the server's config instead and is not stored here.
 *
 * Records are JSON with a version-free loose schema: whatever the authorization server sent is kept as is
 * (the SDK stamps the issuer on both, and compares it before use), and a record that no longer parses is
 * treated as absent, so a damaged entry means "sign in again", never a crash.
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

export class OAuthCredentials {
  readonly #secrets: SecretStore

  constructor(secrets: SecretStore) {
    this.#secrets = secrets
  }

  tokens(serverId: string): StoredTokens | undefined {
    return this.#read(tokensName(serverId), storedTokensSchema)
  }

  saveTokens(serverId: string, tokens: StoredTokens): void {
    this.#secrets.set(tokensName(serverId), JSON.stringify(tokens))
  }

  client(serverId: string): StoredClient | undefined {
    return this.#read(clientName(serverId), storedClientSchema)
  }

  saveClient(serverId: string, client: StoredClient): void {
    this.#secrets.set(clientName(serverId), JSON.stringify(client))
  }

  forgetTokens(serverId: string): void {
    this.#secrets.delete(tokensName(serverId))
  }

  forgetClient(serverId: string): void {
    this.#secrets.delete(clientName(serverId))
  }

  /** Sign out, or the server was removed: nothing of its authorization stays behind. */
  forgetAll(serverId: string): void {
    this.forgetTokens(serverId)
    this.forgetClient(serverId)
  }

  #read<T>(name: string, schema: z.ZodType<T>): T | undefined {
    let raw: string | undefined
    try {
      raw = this.#secrets.get(name)
    } catch {
      return undefined
    }
    if (raw === undefined) return undefined
    try {
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }
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
