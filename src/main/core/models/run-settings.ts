import type { ModelCapabilities } from '../../../shared/models/model-schema'

export interface RunRequest {
  maxTokens: number
  temperature?: number
  stopSequences?: string[]
}

/** The call settings handed to the `ai` SDK for one sampling completion. */
export interface RunSettings {
  maxOutputTokens: number
  temperature?: number
  stopSequences?: string[]
  /**
   * One retry absorbs a transient provider hiccup; more would multiply the wait (and the bill) while the
   * requesting server is blocked on the answer.
   */
  maxRetries: 1
}

/**
 * Fits a request's generation parameters to the chosen model: never ask for more output than the model is
 * known to produce, and leave out what it is known not to support rather than have the provider reject the
 * whole call. An unknown limit clamps nothing (the request's maxTokens goes as asked; no made-up number
 * cuts it short), and an unknown temperature support sends the request's temperature.
 */
export function runSettingsFor(request: RunRequest, capabilities: ModelCapabilities): RunSettings {
  if (!Number.isInteger(request.maxTokens) || request.maxTokens < 1) {
    throw new RangeError(`maxTokens must be a positive integer, got ${String(request.maxTokens)}`)
  }
  const settings: RunSettings = {
    maxOutputTokens:
      capabilities.maxOutputTokens === undefined
        ? request.maxTokens
        : Math.min(request.maxTokens, capabilities.maxOutputTokens),
    maxRetries: 1,
  }
  if (
    capabilities.temperature !== false &&
    request.temperature !== undefined &&
    Number.isFinite(request.temperature)
  ) {
    settings.temperature = request.temperature
  }
  // An empty stop sequence would end generation before it starts; providers reject it or misbehave.
  const stops = (request.stopSequences ?? []).filter((stop) => stop.length > 0)
  if (stops.length > 0) settings.stopSequences = stops
  return settings
}
