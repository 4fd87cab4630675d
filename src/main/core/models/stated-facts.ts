import { z } from 'zod'
import type { StatedFacts } from '../../../shared/models/provider-input'

/**
 * What a provider's own `/models` entry states about a model, read from the fields the services that
 * publish any use: OpenRouter (`context_length`, `top_provider.max_completion_tokens`,
 * `architecture.input_modalities`, `supported_parameters`, `pricing` per token), Groq (`context_window`,
 * `max_completion_tokens`), Mistral (`max_context_length`, `capabilities.vision`/`function_calling`),
 * Together (`context_length`), vLLM (`max_model_len`), LM Studio (`max_context_length`). A field that is
 * missing or malformed states nothing; OpenAI and Ollama's `/v1/models` list ids only.
 */
const positiveInt = z.number().int().positive()
function int(value: unknown): number | undefined {
  const parsed = positiveInt.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined
}

function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined
}

/** OpenRouter prices are US dollars per token, as strings; -1 marks a router whose price varies. */
function perMillion(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  return Number.isFinite(number) && number >= 0 ? Math.round(number * 1e6 * 1e6) / 1e6 : undefined
}

export function statedFactsOf(entry: unknown): StatedFacts | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined
  const e = entry as Record<string, unknown>
  const facts: StatedFacts = {}
  const contextWindow =
    int(e.context_length) ?? int(e.context_window) ?? int(e.max_context_length) ?? int(e.max_model_len)
  if (contextWindow !== undefined) facts.contextWindow = contextWindow
  const maxOutput = int(field(e.top_provider, 'max_completion_tokens')) ?? int(e.max_completion_tokens)
  if (maxOutput !== undefined) facts.maxOutputTokens = maxOutput

  const modalities = stringList(field(e.architecture, 'input_modalities'))
  if (modalities !== undefined) {
    facts.image = modalities.includes('image')
    facts.audio = modalities.includes('audio')
  }
  const vision = bool(field(e.capabilities, 'vision'))
  if (vision !== undefined) facts.image = vision
  const parameters = stringList(e.supported_parameters)
  if (parameters !== undefined) {
    facts.toolCalling = parameters.includes('tools')
    facts.temperature = parameters.includes('temperature')
  }
  const functionCalling = bool(field(e.capabilities, 'function_calling'))
  if (functionCalling !== undefined) facts.toolCalling = functionCalling

  const inputPrice = perMillion(field(e.pricing, 'prompt'))
  const outputPrice = perMillion(field(e.pricing, 'completion'))
  if (inputPrice !== undefined && outputPrice !== undefined) {
    facts.pricing = { inputPerMillion: inputPrice, outputPerMillion: outputPrice }
  }
  return Object.keys(facts).length > 0 ? facts : undefined
}
