import type { ParsedServerInput } from '../../../shared/mcp/server-input'
import type { ConfigValue } from '../../../shared/settings/secret-ref'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import { checkSecretReferences, fieldsOf } from '../secrets/secret-reference-policy'

/**
 * A server's input may reference only its own secrets (`server.<id>.…`) and the references its saved
 * config already holds; see secret-reference-policy.ts. Runs before anything is stored, so a refused
 * input writes neither settings nor secrets.
 */
export function checkServerSecretReferences(
  id: string,
  input: ParsedServerInput,
  previous: ServerConfig | undefined,
): void {
  const kept = new Set<string>()
  for (const value of previous ? savedValuesOf(previous) : []) {
    if (value !== undefined && typeof value !== 'string') kept.add(value.secret)
  }
  const owner = { prefix: `server.${id}.`, noun: 'this server', kept }
  if (input.transport === 'stdio') {
    checkSecretReferences(owner, fieldsOf('env', input.env))
    return
  }
  checkSecretReferences(owner, [
    ...fieldsOf('headers', input.headers),
    ['oauth.clientSecret', input.oauth?.clientSecret] as const,
  ])
}

function savedValuesOf(config: ServerConfig): Array<ConfigValue | undefined> {
  if (config.transport === 'stdio') return Object.values(config.env)
  return [...Object.values(config.headers), config.oauth?.clientSecret]
}
