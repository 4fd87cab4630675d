import type { AttachedFile } from '../../../shared/chat/chat-view'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ResourceReadResult } from '../../../shared/mcp/resources'
import { base64Bytes, cleanBase64 } from '../mcp/resources/resource-contents'

/** Stands in for a server in what a file from the user's computer is recorded as. */
export const LOCAL_FILE_SOURCE = { serverId: 'local-file', serverName: 'your computer' } as const

/**
 * Files the user picked on their computer, in the form attached resources take, so one path decides what
 * the model gets: text inline between lines that say it is data, images as media when the model takes
 * them, anything else as a line saying what was not sent. The name becomes a `file:` URI of the name alone
 * (the window never learns the folder). The window's base64 is checked, not trusted; sizes are checked with
 * the resources' (checkAttachedSize).
 */
export function filesAsAttachments(files: readonly AttachedFile[]): ResourceReadResult[] {
  return files.map((file) => {
    const uri = `file:///${encodeURIComponent(file.name)}`
    const base = { ...LOCAL_FILE_SOURCE, uri }
    const mimeType = file.mimeType === '' ? {} : { mimeType: file.mimeType }
    if (file.text !== undefined)
      return { ...base, contents: [{ kind: 'text', uri, ...mimeType, text: file.text }] }
    const data = cleanBase64(file.data ?? '')
    if (data === undefined)
      throw new IpcFailure('validation_failed', `${file.name}: its data is not base64; nothing was sent`)
    return { ...base, contents: [{ kind: 'blob', uri, ...mimeType, data, bytes: base64Bytes(data) }] }
  })
}
