import type { MessageResourceRef } from '../../../shared/chat/chat-view'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ResourceReadResult } from '../../../shared/mcp/resources'
import { checkBlobSize, checkTextSize } from '../mcp/resources/resource-contents'

/** Reads one resource in attachment form (ResourceService.read, with its per-read size limits). */
export type ResourceReader = (serverId: string, uri: string) => Promise<ResourceReadResult>

/**
 * Reads the resources attached to a message, before its turn starts, one after the other in the order the
 * user attached them (the same one twice is read once). Any failure refuses the whole message with an error
 * that names the resource, so nothing reaches the model with part of what the user meant to send. The size
 * limits of one read also hold for the message as a whole, so ten attachments cannot carry ten times as much.
 */
export async function readAttachedResources(
  read: ResourceReader | undefined,
  refs: readonly MessageResourceRef[],
): Promise<ResourceReadResult[]> {
  if (refs.length === 0) return []
  if (!read) throw new IpcFailure('unavailable', 'resources cannot be attached here')
  const unique = refs.filter(
    (ref, index) => refs.findIndex((o) => o.serverId === ref.serverId && o.uri === ref.uri) === index,
  )
  const results: ResourceReadResult[] = []
  for (const ref of unique) {
    try {
      results.push(await read(ref.serverId, ref.uri))
    } catch (error) {
      const code = error instanceof IpcFailure ? error.code : 'unavailable'
      const reason = error instanceof Error ? error.message : String(error)
      throw new IpcFailure(code, `could not attach ${ref.uri}: ${reason}; nothing was sent`, {
        serverId: ref.serverId,
        uri: ref.uri,
      })
    }
  }
  checkAttachedSize(results)
  return results
}

/**
 * The size limits of one read, held by everything a message attaches together (resources and files), so
 * ten attachments cannot carry ten times as much.
 */
export function checkAttachedSize(results: readonly ResourceReadResult[]): void {
  let textBytes = 0
  let blobBytes = 0
  for (const result of results) {
    for (const content of result.contents) {
      if (content.kind === 'text') textBytes += Buffer.byteLength(content.text, 'utf8')
      else blobBytes += content.bytes
    }
  }
  const label = `this message, with its ${results.length} attachments,`
  checkTextSize(label, textBytes)
  checkBlobSize(label, blobBytes)
}
