import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ProviderConfig } from '../../../shared/models/model-schema'

/** A provider's credentials, resolved from the secret store just before use; never stored or logged. */
export interface ProviderCredentials {
  apiKey?: string
  headers: Record<string, string>
}

/**
 * The `ai` SDK model for one configured model: a Chat Completions client over the provider's base URL.
 * The SDK sends the key only as `Authorization: Bearer …`, then the extra headers (which may replace it).
 * `includeUsage` asks for token counts in streams, which OpenAI-compatible servers omit otherwise and
 * which cost estimates need.
 */
export function createLanguageModel(
  provider: Pick<ProviderConfig, 'id' | 'baseUrl'>,
  modelId: string,
  credentials: ProviderCredentials,
  options: { fetch?: typeof fetch } = {},
): LanguageModel {
  const problem = baseUrlProblem(provider.baseUrl)
  if (problem !== undefined)
    throw new IpcFailure('validation_failed', `provider "${provider.id}": ${problem}`)
  const sdkProvider = createOpenAICompatible({
    name: provider.id,
    baseURL: provider.baseUrl,
    ...(credentials.apiKey ? { apiKey: credentials.apiKey } : {}),
    headers: credentials.headers,
    includeUsage: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  return sdkProvider.chatModel(modelId)
}

/**
 * Why requests to this base URL cannot be made, or undefined. fetch refuses URLs with a user name or
 * password (and would quote the whole URL, password included, in its error), so they are caught first.
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
  const url = new URL(baseUrl)
  if (url.username === '' && url.password === '') return undefined
  return (
    'the base URL contains a user name or password, which cannot be sent that way; ' +
    'put the credentials in a header (e.g. Authorization) instead'
  )
}
