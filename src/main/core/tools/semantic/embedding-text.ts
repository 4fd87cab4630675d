import { createHash } from 'node:crypto'
import { collectSchemaText } from '../search/schema-text'
import { words } from '../search/identifier-words'
import type { SearchableTool } from '../search/tool-search-index'

/**
 * A description is cut here: its opening says what the tool does, and longer texts only cost time (the
 * bench: cutting at 200 or at the first sentence changed recall by a query or two either way).
 */
const DESCRIPTION_CHARS = 600
const MAX_PARAMETERS = 16

/**
 * The text of a tool that is embedded: its name split into words, title, description and parameter names.
 * What a sentence model reads must look like a sentence, so identifiers become words. The server's name is
 * left out: it helped queries that name the server and hurt those that do not (bench, held-out queries).
 */
export function toolEmbeddingText(tool: SearchableTool): string {
  const name = words(tool.name).join(' ')
  const parts = [name]
  if (tool.title && tool.title.trim() !== '') parts.push(tool.title.trim())
  const description = tool.description.replace(/\s+/g, ' ').trim()
  if (description !== '') parts.push(description.slice(0, DESCRIPTION_CHARS))
  const parameters = collectSchemaText(tool.inputSchema).names.slice(0, MAX_PARAMETERS)
  if (parameters.length > 0) parts.push(`Parameters: ${parameters.map((p) => words(p).join(' ')).join(', ')}`)
  return parts.join('. ')
}

/**
 * The cache key of a text's vector from one source: a changed definition or model is a new key. The
 * source id goes in with its length, so no split of the same characters between id and text collides.
 */
export function vectorKey(sourceId: string, text: string): string {
  return createHash('sha256')
    .update(`${sourceId.length}:${sourceId}\n`)
    .update(text)
    .digest('base64url')
    .slice(0, 32)
}

/** A query is cut here, as the lexical index cuts it: a pasted page is not a search. */
const QUERY_CHARS = 1000

/**
 * The text of a query that is embedded: the query as typed, whitespace collapsed and cut. The bench found
 * no rewrite worth its cost (lower-casing made no difference); the runtime must embed exactly this text.
 */
export function queryEmbeddingText(query: string): string {
  return query.replace(/\s+/g, ' ').trim().slice(0, QUERY_CHARS)
}
