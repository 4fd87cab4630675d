import type { SamplingMessage } from '@modelcontextprotocol/server'
import {
  modelCapabilitiesSchema,
  modelRef,
  type ModelCapabilities,
} from '../../../../src/shared/models/model-schema'
import type { ModelCandidate, SelectionRequest } from '../../../../src/main/core/models/select-model'

export const MiB = 1024 * 1024

type CapabilityInput = Partial<Omit<ModelCapabilities, 'scores'>> & {
  scores?: Partial<ModelCapabilities['scores']>
}

/**
 * A model whose facts are all known: text only, tools and temperature yes, middling scores, unless
 * `capabilities` says otherwise. The table tests are about what a model is known to do.
 */
export function candidate(
  ref: string,
  capabilities: CapabilityInput = {},
  displayName?: string,
): ModelCandidate {
  return described(
    ref,
    {
      toolCalling: true,
      temperature: true,
      ...capabilities,
      scores: { cost: 0.5, speed: 0.5, intelligence: 0.5, ...capabilities.scores },
      sources: { image: 'user', audio: 'user', toolCalling: 'user', ...capabilities.sources },
    },
    displayName,
  )
}

/** A model with only the facts given; everything else is unknown, as for a model nobody described. */
export function described(
  ref: string,
  capabilities: CapabilityInput = {},
  displayName?: string,
): ModelCandidate {
  const slash = ref.indexOf('/')
  const [providerId, modelId] = [ref.slice(0, slash), ref.slice(slash + 1)]
  return {
    ref: modelRef(providerId, modelId),
    providerId,
    modelId,
    displayName: displayName ?? modelId,
    label: `${providerId} · ${displayName ?? modelId}`,
    capabilities: modelCapabilitiesSchema.parse(capabilities),
  }
}

export const textOnly: CapabilityInput = { inputModalities: ['text'] }
export const vision: CapabilityInput = { inputModalities: ['text', 'image'] }
export const hearing: CapabilityInput = { inputModalities: ['text', 'audio'], audioFormats: ['wav', 'mp3'] }

/** Valid base64 (of zero bytes) that decodes to exactly `bytes` bytes. */
export function base64OfSize(bytes: number): string {
  const tail = ['', 'AA==', 'AAA='][bytes % 3] ?? ''
  return 'A'.repeat(Math.floor(bytes / 3) * 4) + tail
}

export const text = (value: string) => ({ type: 'text' as const, text: value })
export const image = (bytes = 1000, mimeType = 'image/png') => ({
  type: 'image' as const,
  mimeType,
  data: base64OfSize(bytes),
})
export const audio = (mimeType = 'audio/wav', bytes = 1000) => ({
  type: 'audio' as const,
  mimeType,
  data: base64OfSize(bytes),
})

export function userSays(...content: SamplingMessage['content'][]): SelectionRequest {
  return { messages: content.map((c) => ({ role: 'user', content: c })) }
}

export const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } } },
}
