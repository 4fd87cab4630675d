import {
  CAPABILITY_FACTS,
  type CapabilityFact,
  type FactSource,
  type ModelCapabilities,
} from './model-schema'

/**
 * Reading a capability record as facts: each is known (with its value and where it came from) or unknown.
 * Shared by core (selection, the CLI) and the window, so they all draw the line between known and unknown
 * in the same place.
 */

export type Knowledge = 'yes' | 'no' | 'unknown'

export type FactValue = boolean | number

export type FactState =
  | { fact: CapabilityFact; known: true; value: FactValue; source: FactSource }
  | { fact: CapabilityFact; known: false }

/**
 * Whether the model takes image or audio input. Listed in `inputModalities`: yes. Not listed: no only when
 * a source said so; otherwise nobody stated it, and it is unknown.
 */
export function modalityKnowledge(capabilities: ModelCapabilities, modality: 'image' | 'audio'): Knowledge {
  if (capabilities.inputModalities.includes(modality)) return 'yes'
  return capabilities.sources[modality] === undefined ? 'unknown' : 'no'
}

/** A boolean capability (tool calling, temperature) as yes / no / unknown. */
export function flagKnowledge(value: boolean | undefined): Knowledge {
  return value === undefined ? 'unknown' : value ? 'yes' : 'no'
}

/** The fact's value, or undefined when it is unknown. */
export function factValue(capabilities: ModelCapabilities, fact: CapabilityFact): FactValue | undefined {
  switch (fact) {
    case 'image':
    case 'audio': {
      const knowledge = modalityKnowledge(capabilities, fact)
      return knowledge === 'unknown' ? undefined : knowledge === 'yes'
    }
    case 'cost':
    case 'speed':
    case 'intelligence':
      return capabilities.scores[fact]
    default:
      return capabilities[fact]
  }
}

/** Every fact in a fixed order, known ones with their source (a value nobody attributed was typed by hand). */
export function capabilityFacts(capabilities: ModelCapabilities): FactState[] {
  return CAPABILITY_FACTS.map((fact): FactState => {
    const value = factValue(capabilities, fact)
    if (value === undefined) return { fact, known: false }
    return { fact, known: true, value, source: capabilities.sources[fact] ?? 'user' }
  })
}

/** How the window and the CLI name a source: "the provider said so", "model-family table", … */
export const FACT_SOURCE_LABELS: Record<FactSource, string> = {
  provider: 'stated by the provider',
  family: 'model-family table',
  preset: 'provider preset',
  user: 'set by you',
}

/** Short names for the facts, as the CLI and the window label them. */
export const FACT_LABELS: Record<CapabilityFact, string> = {
  image: 'images',
  audio: 'audio',
  toolCalling: 'tools',
  temperature: 'temperature',
  contextWindow: 'context',
  maxOutputTokens: 'max output',
  cost: 'cost score',
  speed: 'speed score',
  intelligence: 'intelligence score',
}
