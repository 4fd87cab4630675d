import type { TranscriptPage } from '../../../shared/chat/chat-view'
import type { TranscriptRecord } from '../../../shared/chat/transcript-schema'

/**
 * How much one page may carry, measured as JSON. The window decodes a page on its main thread, so a page
 * must stay small enough to never cost a visible frame, whatever the records hold (a tool result can be
 * 64 KiB on its own); a page always carries at least one record.
 */
export const TRANSCRIPT_PAGE_BYTES = 256 * 1024

/** The records just before `before` (clamped to the transcript), newest last, within `limit` and the byte budget. */
export function transcriptPage(
  records: readonly TranscriptRecord[],
  before: number,
  limit: number,
  maxBytes = TRANSCRIPT_PAGE_BYTES,
): TranscriptPage {
  const end = Math.min(before, records.length)
  let start = end
  let bytes = 0
  while (start > 0 && end - start < limit) {
    const size = JSON.stringify(records[start - 1]).length
    if (start < end && bytes + size > maxBytes) break
    bytes += size
    start -= 1
  }
  return { records: records.slice(start, end), firstIndex: start }
}
