import { z } from 'zod'
import { MAX_VIEW_RESULT_BYTES } from '../../../shared/apps/view-schema'

const jsonObject = z.record(z.string(), z.json())

/** What a tool_result of a tool with a view keeps for the view (transcript `view`). */
export interface ViewResultRecord {
  resourceUri: string
  result?: Record<string, z.infer<typeof jsonObject>[string]>
  omitted?: string
}

/**
 * The raw CallToolResult kept beside the model's text so the view can be shown again (a reopened
 * conversation): as the server sent it, or left out with the reason when it is too large or not JSON.
 */
export function viewResultRecord(resourceUri: string, result: unknown): ViewResultRecord {
  let text: string | undefined
  try {
    text = JSON.stringify(result)
  } catch {
    text = undefined
  }
  if (text === undefined) return { resourceUri, omitted: 'the result is not JSON' }
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_VIEW_RESULT_BYTES) {
    return {
      resourceUri,
      omitted: `the result is ${bytes} bytes, over the ${MAX_VIEW_RESULT_BYTES} kept for views`,
    }
  }
  const parsed = jsonObject.safeParse(JSON.parse(text))
  return parsed.success
    ? { resourceUri, result: parsed.data }
    : { resourceUri, omitted: 'the result is not a JSON object' }
}
