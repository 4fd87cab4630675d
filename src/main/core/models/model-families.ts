/**
 * What is commonly known about well-known model families, as starting points for a model's capabilities.
 * None of this is discovered: OpenAI-compatible `/models` endpoints publish ids only, so a new model gets
 * these guesses and the user corrects them in the models panel. Scores are rough and relative (0–1):
 * `cost` 1 = the priciest, `speed` and `intelligence` 1 = the best.
 *
 * Rules are tried in order against the lowercased model id and the first match wins, so a specific family
 * (`gpt-4o-mini`) comes before the general one (`gpt-4o`). Patterns are not anchored at the start because
 * OpenRouter and Together prefix ids with a vendor (`openai/gpt-4o`, `meta-llama/Llama-4-Scout-…`) and
 * Ollama suffixes a tag (`llava:13b`).
 */
export interface ModelFamily {
  match: RegExp
  /** Not a chat model (embeddings, speech, images, moderation): listed, but useless for sampling. */
  nonChat: boolean
  vision: boolean
  audio: boolean
  toolCalling: boolean
  /** False for reasoning models, whose APIs reject a temperature. */
  temperature: boolean
  contextWindow?: number
  maxOutputTokens?: number
  scores?: { cost: number; speed: number; intelligence: number }
}

type Flag = 'vision' | 'audio' | 'no-tools' | 'no-temperature' | 'non-chat'

/** One table row: the id pattern, what differs from a plain text chat model, then window, output, scores. */
function family(
  match: RegExp,
  flags: Flag[],
  contextWindow?: number,
  maxOutputTokens?: number,
  scores?: ModelFamily['scores'],
): ModelFamily {
  return {
    match,
    nonChat: flags.includes('non-chat'),
    vision: flags.includes('vision'),
    audio: flags.includes('audio'),
    toolCalling: !flags.includes('no-tools') && !flags.includes('non-chat'),
    temperature: !flags.includes('no-temperature'),
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    ...(scores === undefined ? {} : { scores }),
  }
}

const s = (cost: number, speed: number, intelligence: number) => ({ cost, speed, intelligence })
/** A pattern that starts an id segment: at the beginning, after a vendor's `/` or Ollama's `:`. */
const at = (pattern: string) => new RegExp(`(?:^|[/:])${pattern}`)
const K = 1000
const M = 1_048_576

export const MODEL_FAMILIES: readonly ModelFamily[] = [
  // Not chat models: embeddings, speech in and out, images, moderation, realtime-only.
  family(/embed|whisper|(?:^|[/:-])tts|transcribe|dall-e|gpt-image|moderation|realtime/, ['non-chat']),
  family(at('(?:babbage|davinci)-002'), ['non-chat']),
  // OpenAI audio-input chat models (gpt-4o-audio-preview, gpt-4o-mini-audio-preview): no images.
  family(/audio/, ['audio'], 128 * K, 16384, s(0.5, 0.7, 0.6)),

  // OpenAI reasoning models: no temperature.
  family(at('o1-mini'), ['no-tools', 'no-temperature'], 128 * K, 65536, s(0.3, 0.5, 0.75)),
  family(at('o1(?:-|$)'), ['vision', 'no-temperature'], 200 * K, 100 * K, s(1, 0.2, 0.9)),
  family(at('o3-mini'), ['no-temperature'], 200 * K, 100 * K, s(0.3, 0.6, 0.8)),
  family(at('o3-pro'), ['vision', 'no-temperature'], 200 * K, 100 * K, s(1, 0.1, 1)),
  family(at('o3(?:-|$)'), ['vision', 'no-temperature'], 200 * K, 100 * K, s(0.7, 0.3, 0.95)),
  family(at('o4-mini'), ['vision', 'no-temperature'], 200 * K, 100 * K, s(0.3, 0.6, 0.85)),

  // OpenAI GPT families; GPT-5 models reason and reject a temperature too.
  family(/gpt-5[^/]*nano/, ['vision', 'no-temperature'], 400 * K, 128 * K, s(0.05, 0.85, 0.6)),
  family(/gpt-5[^/]*mini/, ['vision', 'no-temperature'], 400 * K, 128 * K, s(0.15, 0.7, 0.8)),
  family(/gpt-5/, ['vision', 'no-temperature'], 400 * K, 128 * K, s(0.5, 0.5, 0.95)),
  family(/gpt-4\.1-nano/, ['vision'], M, 32768, s(0.05, 0.95, 0.45)),
  family(/gpt-4\.1-mini/, ['vision'], M, 32768, s(0.1, 0.85, 0.65)),
  family(/gpt-4\.1/, ['vision'], M, 32768, s(0.45, 0.7, 0.8)),
  family(/gpt-4o-mini/, ['vision'], 128 * K, 16384, s(0.05, 0.85, 0.55)),
  family(/gpt-4o/, ['vision'], 128 * K, 16384, s(0.5, 0.7, 0.75)),
  family(/gpt-4-turbo|gpt-4-vision/, ['vision'], 128 * K, 4096, s(0.8, 0.5, 0.7)),
  family(/gpt-oss/, [], 128 * K, 32768, s(0.1, 0.7, 0.7)),
  family(/gpt-4(?:-|$)/, [], 8192, 4096, s(0.9, 0.4, 0.6)),
  family(/gpt-3\.5/, [], 16385, 4096, s(0.1, 0.85, 0.35)),

  // DeepSeek: the hosted reasoner takes no temperature; open R1 weights elsewhere do, but rarely tools.
  family(/deepseek-reasoner/, ['no-temperature'], 128 * K, 64 * K, s(0.15, 0.3, 0.85)),
  family(/deepseek-r1/, ['no-tools'], 128 * K, 32768, s(0.2, 0.3, 0.8)),
  family(/deepseek/, [], 128 * K, 8192, s(0.1, 0.6, 0.75)),

  // Anthropic and Google, as OpenRouter serves them.
  family(/claude[^/]*haiku/, ['vision'], 200 * K, 8192, s(0.25, 0.85, 0.6)),
  family(/claude[^/]*opus/, ['vision'], 200 * K, 32 * K, s(1, 0.3, 0.95)),
  family(/claude/, ['vision'], 200 * K, 64 * K, s(0.6, 0.6, 0.9)),
  family(/gemini[^/]*flash/, ['vision'], M, 65536, s(0.1, 0.9, 0.7)),
  family(/gemini/, ['vision'], M, 65536, s(0.5, 0.5, 0.9)),

  // Open-weight vision families.
  family(/llava/, ['vision', 'no-tools'], 4096, 2048, s(0.1, 0.6, 0.3)),
  family(/llama-?4/, ['vision'], 128 * K, 8192, s(0.15, 0.85, 0.7)),
  family(/vision/, ['vision', 'no-tools'], 128 * K, 4096, s(0.15, 0.6, 0.5)),
  family(/gemma-?3n?(?![0-9])/, ['vision', 'no-tools'], 128 * K, 8192, s(0.1, 0.7, 0.5)),
  family(/qwen[0-9.]*-?vl/, ['vision', 'no-tools'], 32768, 8192, s(0.1, 0.6, 0.55)),
  family(/pixtral/, ['vision'], 128 * K, 8192, s(0.3, 0.6, 0.65)),

  // Mistral.
  family(/mistral-large/, [], 128 * K, 8192, s(0.4, 0.6, 0.8)),
  family(/mistral-medium/, ['vision'], 128 * K, 8192, s(0.2, 0.7, 0.75)),
  family(/mistral-small/, ['vision'], 128 * K, 8192, s(0.05, 0.85, 0.6)),
  family(/codestral/, [], 256 * K, 8192, s(0.1, 0.85, 0.6)),
  family(/ministral|open-mistral|mistral-7b|(?:^|\/)mistral(?::|$)/, [], 32768, 4096, s(0.05, 0.9, 0.4)),
  family(/mixtral/, [], 32768, 4096, s(0.2, 0.7, 0.5)),

  // Llama, Qwen, Gemma and Phi text models, smallest sizes first.
  family(/llama[^/]*?(?:[^0-9][138]b)/, [], 128 * K, 4096, s(0.05, 0.9, 0.35)),
  family(/llama[^/]*?(?:70b|405b)/, [], 128 * K, 8192, s(0.3, 0.6, 0.7)),
  family(/llama/, [], 128 * K, 4096, s(0.15, 0.7, 0.5)),
  family(/qwq|qwen3/, [], 128 * K, 32768, s(0.15, 0.6, 0.75)),
  family(/qwen/, [], 32768, 8192, s(0.1, 0.7, 0.6)),
  family(/gemma/, ['no-tools'], 8192, 4096, s(0.05, 0.8, 0.4)),
  family(/phi-?[34]/, ['no-tools'], 16384, 4096, s(0.05, 0.85, 0.4)),
]

export function findModelFamily(modelId: string): ModelFamily | undefined {
  const id = modelId.toLowerCase()
  return MODEL_FAMILIES.find((entry) => entry.match.test(id))
}
