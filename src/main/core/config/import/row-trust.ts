import type { ImportValueName } from '../../../../shared/import/import-preview'
import type { ImportedServer, Placeholder } from '../../../../shared/import/import-types'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type { ConfigValueInput } from '../../../../shared/mcp/server-input'
import type { SamplingPolicy } from '../../../../shared/settings/settings-schema'
import { looksSecret } from './placeholders'

/**
 * What an imported server is granted, for its preview row: the sampling policy it will get and the names
 * of the env variables or headers it is given. A file from another client may say `sampling: allow` (MiMo
 * Code does), which lets the server run the user's models with no approval card; that is the user's call,
 * made on the row, so the file's `allow` arrives as `ask` until the user picks allow there.
 */
export interface RowTrust {
  sampling: SamplingPolicy
  fileAllowsSampling: boolean
  env: ImportValueName[]
  headers: ImportValueName[]
}

export function rowTrust(server: ImportedServer, placeholders: readonly Placeholder[]): RowTrust {
  const input = server.input
  const fileAllowsSampling = input.sampling === 'allow'
  const secretTokens = placeholders.filter((p) => p.secret).map((p) => p.token)
  const declared = new Set(server.secretNames ?? [])
  const names = (values: Record<string, ConfigValueInput>): ImportValueName[] =>
    Object.entries(values).map(([name, value]) => ({
      name,
      secret:
        looksSecret(name) ||
        declared.has(name) ||
        !('value' in value) ||
        secretTokens.some((token) => value.value.includes(token)),
    }))
  return {
    sampling: fileAllowsSampling ? 'ask' : input.sampling,
    fileAllowsSampling,
    env: input.transport === 'stdio' ? names(input.env) : [],
    headers: input.transport === 'stdio' ? [] : names(input.headers),
  }
}

/** The policy a row's server is written with: the file's `allow` only where the user allowed it. */
export function grantedSampling(
  trust: Pick<RowTrust, 'sampling' | 'fileAllowsSampling'>,
  allowSampling: boolean | undefined,
  sourceName: string,
): SamplingPolicy {
  if (allowSampling !== true) return trust.sampling
  if (!trust.fileAllowsSampling) {
    throw new IpcFailure(
      'validation_failed',
      `"${sourceName}" does not ask to allow sampling; change its policy in the servers panel after importing`,
    )
  }
  return 'allow'
}
