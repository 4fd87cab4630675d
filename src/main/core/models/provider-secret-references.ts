import type { ParsedProviderInput } from '../../../shared/models/provider-input'
import type { ProviderConfig } from '../../../shared/models/model-schema'
import { checkSecretReferences, fieldsOf } from '../secrets/secret-reference-policy'

/**
 * A provider's input may reference only its own secrets (`provider.<id>.…`) and the references its saved
 * config already holds: a provider's key and headers go to its base URL, which a contract client chooses.
 * See secret-reference-policy.ts.
 */
export function checkProviderSecretReferences(
  id: string,
  input: ParsedProviderInput,
  previous: ProviderConfig | undefined,
): void {
  const kept = new Set<string>()
  for (const value of previous ? [previous.apiKey, ...Object.values(previous.headers)] : []) {
    if (value !== undefined && typeof value !== 'string') kept.add(value.secret)
  }
  checkSecretReferences({ prefix: `provider.${id}.`, noun: 'this provider', kept }, [
    ['apiKey', input.apiKey ?? undefined] as const,
    ...fieldsOf('headers', input.headers),
  ])
}
