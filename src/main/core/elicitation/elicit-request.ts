import { z } from 'zod'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client'

/**
 * Matches any `elicitation/create`, whatever its params: the service reads them itself, so an unsupported
 * form schema can be declined with a reason instead of failing the SDK's stricter parse.
 */
export const permissiveElicitParamsSchema = z.unknown()

export type ElicitRequest =
  | { mode: 'form'; message: string; requestedSchema: unknown }
  | { mode: 'url'; message: string; url: string; elicitationId: string }

/**
 * The request's envelope: its mode (absent means form, for servers from before URL mode) and the fields
 * that mode needs. A request missing those is malformed and gets -32602 naming what is missing; what the
 * form asks for and where the URL points are judged later, and declined with a reason when unsupported.
 */
export function readElicitRequest(params: unknown): ElicitRequest {
  if (!isRecord(params)) throw invalid('params must be an object')
  if (typeof params.message !== 'string') throw invalid('params.message must be a string')
  const mode = params.mode ?? 'form'
  if (mode === 'form') {
    if (params.requestedSchema === undefined) throw invalid('params.requestedSchema is required in form mode')
    return { mode, message: params.message, requestedSchema: params.requestedSchema }
  }
  if (mode === 'url') {
    if (typeof params.url !== 'string') throw invalid('params.url must be a string in url mode')
    if (typeof params.elicitationId !== 'string' || params.elicitationId === '') {
      throw invalid('params.elicitationId must be a non-empty string in url mode')
    }
    return { mode, message: params.message, url: params.url, elicitationId: params.elicitationId }
  }
  throw invalid(`params.mode ${JSON.stringify(mode)} is not supported (form and url are)`)
}

function invalid(detail: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid elicitation request: ${detail}`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
