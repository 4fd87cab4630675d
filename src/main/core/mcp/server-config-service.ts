import { IpcFailure } from '../../../shared/ipc/ipc-error'
import { serverInputSchema, type ParsedServerInput, type ServerInput } from '../../../shared/mcp/server-input'
import type { ServerConfig, ServerOAuthConfig, Settings } from '../../../shared/settings/settings-schema'
import type { SettingsService } from '../config/settings-service'
import {
  ownedSecretName,
  resolveConfigValue,
  resolveConfigValues,
  storeConfigValue,
  storeConfigValues,
} from '../secrets/config-value-secrets'
import type { SecretStore } from '../secrets/secret-store'
import { updateWithSecrets } from '../secrets/settings-secrets'
import { checkServerSecretReferences } from './server-secret-references'

/**
 * Adds, edits and removes server configurations. Values typed into the form or given on the command line
 * go into the secret store under names this service owns (`server.<id>.env.<KEY>`,
 * `server.<id>.header.<name>`, `server.<id>.oauth.clientSecret`); settings.json only ever receives
 * `{ secret: name }` references.
 */
export class ServerConfigService {
  readonly #settings: SettingsService
  readonly #secrets: SecretStore

  constructor(settings: SettingsService, secrets: SecretStore) {
    this.#settings = settings
    this.#secrets = secrets
  }

  list(): ServerConfig[] {
    return this.#settings.get().servers
  }

  get(id: string): ServerConfig | undefined {
    return this.list().find((server) => server.id === id)
  }

  /**
   * Each edit is computed from the settings as they are on disk when it is written (another process may
   * have added or changed servers since this one read them), with secrets stored and released through
   * updateWithSecrets, so none is orphaned and none still referenced is deleted.
   */
  add(input: ServerInput): ServerConfig {
    const parsed = parseInput(input)
    let config: ServerConfig | undefined
    updateWithSecrets(this.#settings, this.#secrets, (draft, secrets) => {
      const id = uniqueId(slugify(parsed.name), new Set(draft.servers.map((server) => server.id)))
      checkServerSecretReferences(id, parsed, undefined)
      config = this.#buildConfig(id, parsed, undefined, secrets)
      draft.servers.push(config)
    })
    return config!
  }

  update(id: string, input: ServerInput): ServerConfig {
    const parsed = parseInput(input)
    let config: ServerConfig | undefined
    updateWithSecrets(
      this.#settings,
      this.#secrets,
      (draft, secrets) => {
        const previous = requireIn(draft, id)
        checkServerSecretReferences(id, parsed, previous)
        config = this.#buildConfig(id, parsed, previous, secrets)
        draft.servers = draft.servers.map((server) => (server.id === id ? config! : server))
      },
      { releasePrefix: `server.${id}.` },
    )
    return config!
  }

  setEnabled(id: string, enabled: boolean): ServerConfig {
    const next = this.#settings.update((draft) => {
      requireIn(draft, id).enabled = enabled
    })
    return next.servers.find((server) => server.id === id)!
  }

  remove(id: string): void {
    updateWithSecrets(
      this.#settings,
      this.#secrets,
      (draft) => {
        requireIn(draft, id)
        draft.servers = draft.servers.filter((server) => server.id !== id)
        // Its granted folders go with it: a server added later under the same id must not inherit them.
        delete draft.roots.servers[id]
      },
      { releasePrefix: `server.${id}.` },
    )
  }

  /**
   * The env values (stdio) or header values (http) to hand the transport, secrets resolved. Only the
   * connection layer calls this; the values never go back to the renderer, logs or models.
   */
  resolveValues(config: ServerConfig): Record<string, string> {
    if (config.transport === 'stdio') return resolveConfigValues(this.#secrets, 'env', config.env)
    return resolveConfigValues(this.#secrets, 'header', config.headers)
  }

  /**
   * The pre-registered OAuth client secret of a remote server, resolved; undefined when none is configured.
   * Only the OAuth client reads it, to authenticate at the token endpoint.
   */
  resolveOAuthClientSecret(config: ServerConfig): string | undefined {
    const secret = config.transport === 'stdio' ? undefined : config.oauth?.clientSecret
    return secret === undefined
      ? undefined
      : resolveConfigValue(this.#secrets, secret, 'the OAuth client secret')
  }

  /** The URL-based OAuth client id for a remote server: its own, else the profile's (an organisation's). */
  oauthClientMetadataUrl(config: ServerConfig): string | undefined {
    if (config.transport === 'stdio') return undefined
    return config.oauth?.clientMetadataUrl ?? this.#settings.get().mcp.oauth?.clientMetadataUrl
  }

  /** Every secret value this server's config uses: what log redaction must never let through. */
  secretValues(config: ServerConfig): string[] {
    const values: string[] = []
    for (const resolve of [
      () => Object.values(this.resolveValues(config)),
      () => [this.resolveOAuthClientSecret(config)].filter((value) => value !== undefined),
    ]) {
      try {
        values.push(...resolve())
      } catch {
        // A missing secret has no value to redact; the connection reports it when it resolves values.
      }
    }
    return values
  }

  #buildConfig(
    id: string,
    input: ParsedServerInput,
    previous: ServerConfig | undefined,
    secrets: SecretStore,
  ): ServerConfig {
    const base = {
      id,
      name: input.name,
      enabled: input.enabled,
      sampling: input.sampling,
      ...(input.samplingModels ? { samplingModels: input.samplingModels } : {}),
      ...(input.samplingDailyTokens !== undefined ? { samplingDailyTokens: input.samplingDailyTokens } : {}),
      ...(input.toolsAlwaysLoaded ? { toolsAlwaysLoaded: true } : {}),
      ...(input.protocol !== 'auto' ? { protocol: input.protocol } : {}),
    }
    if (input.transport === 'stdio') {
      const previousEnv = previous?.transport === 'stdio' ? previous.env : {}
      return {
        ...base,
        transport: 'stdio',
        command: input.command,
        args: input.args,
        env: storeConfigValues(secrets, 'env', `server.${id}.env`, input.env, previousEnv),
        ...(input.cwd ? { cwd: input.cwd } : {}),
      }
    }
    const previousRemote = previous?.transport === 'stdio' ? undefined : previous
    const oauth = buildOAuth(id, input.oauth, previousRemote?.oauth, secrets)
    return {
      ...base,
      transport: input.transport,
      url: input.url,
      headers: storeConfigValues(
        secrets,
        'header',
        `server.${id}.header`,
        input.headers,
        previousRemote?.headers ?? {},
      ),
      ...(oauth ? { oauth } : {}),
    }
  }
}

/** The client secret is stored like a header value; an OAuth block with nothing in it is left out. */
function buildOAuth(
  id: string,
  input: Extract<ParsedServerInput, { url: string }>['oauth'],
  previous: ServerOAuthConfig | undefined,
  secrets: SecretStore,
): ServerOAuthConfig | undefined {
  if (!input) return undefined
  if (input.clientSecret && !input.clientId) {
    throw new IpcFailure('validation_failed', 'oauth.clientSecret: an OAuth client secret needs a client id')
  }
  const clientSecret = input.clientSecret
    ? storeConfigValue(secrets, input.clientSecret, previous?.clientSecret, {
        label: 'the OAuth client secret',
        secretName: ownedSecretName(`server.${id}.oauth`, 'clientSecret'),
      })
    : undefined
  const oauth: ServerOAuthConfig = {
    ...(input.clientId ? { clientId: input.clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(input.clientMetadataUrl ? { clientMetadataUrl: input.clientMetadataUrl } : {}),
    ...(input.scopes && input.scopes.length > 0 ? { scopes: input.scopes } : {}),
  }
  return Object.keys(oauth).length > 0 ? oauth : undefined
}

function requireIn(settings: Settings, id: string): ServerConfig {
  const found = settings.servers.find((server) => server.id === id)
  if (!found) throw new IpcFailure('not_found', `no server with id "${id}"`)
  return found
}

function parseInput(input: ServerInput): ParsedServerInput {
  const parsed = serverInputSchema.safeParse(input)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new IpcFailure('validation_failed', `invalid server: ${problems.join('; ')}`)
  }
  return parsed.data
}

/** Server ids are `[a-z0-9-]`, so they cannot contain the `_` that separates parts of exposed tool names. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
  return slug.length > 0 ? slug : 'server'
}

function uniqueId(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
