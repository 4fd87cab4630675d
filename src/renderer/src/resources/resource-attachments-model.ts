import type { MessageResourceRef } from '../../../shared/chat/chat-view'
import type { ResourceContent } from '../../../shared/mcp/resources'

/** chat:send takes at most this many attached resources. */
export const ATTACHMENTS_LIMIT = 10

/** A resource attached to the next message, as its chip above the composer shows it. */
export interface AttachedResource {
  serverId: string
  serverName: string
  uri: string
  name: string
  mimeType?: string
  /** Bytes, when the server announced them or the resource was read to attach it. */
  size?: number
  /** Changes are followed (resources:subscribe answered), so a `changed` badge can appear. */
  following: boolean
  /** Why changes are not followed although the server offers subscriptions. */
  followError?: string
  /** The server said it changed since it was attached; the current content is what is sent. */
  changed: boolean
}

export function sameResource(a: { serverId: string; uri: string }, b: { serverId: string; uri: string }) {
  return a.serverId === b.serverId && a.uri === b.uri
}

export function attachmentsForSend(attachments: readonly AttachedResource[]): MessageResourceRef[] {
  return attachments.map(({ serverId, uri }) => ({ serverId, uri }))
}

/** Bytes in binary units, one decimal from KiB on. */
export function formatResourceSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

/** The size of what a read returned: UTF-8 bytes of text, decoded bytes of blobs. */
export function contentsSize(contents: readonly ResourceContent[]): number {
  const encoder = new TextEncoder()
  return contents.reduce(
    (total, content) =>
      total + (content.kind === 'text' ? encoder.encode(content.text).length : content.bytes),
    0,
  )
}

/** "text/plain · 1.2 KiB": what a chip or a browser row says about a resource beside its name. */
export function resourceFacts(resource: { mimeType?: string; size?: number }): string {
  return [resource.mimeType, resource.size === undefined ? undefined : formatResourceSize(resource.size)]
    .filter((fact): fact is string => fact !== undefined && fact !== '')
    .join(' · ')
}

/** The template's variables that must be filled in and are still empty. */
export function missingVariables(
  variables: ReadonlyArray<{ name: string; required: boolean }>,
  values: Record<string, string>,
): string[] {
  return variables
    .filter((variable) => variable.required && (values[variable.name] ?? '').trim() === '')
    .map((variable) => variable.name)
}
