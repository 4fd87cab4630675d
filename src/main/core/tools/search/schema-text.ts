/**
 * The searchable text of a tool's input schema: property names, their descriptions and titles, and
 * string enum/const values, collected recursively through nested objects, arrays and combinators.
 * Parameters often say what a one-line description leaves out (`tail`, `hard_delete`, an enum value
 * `SellToHighBidder`), so they are indexed too, but in their own fields and bounded: schemas come from
 * servers, can be huge, cyclic (shared sub-objects) or simply malformed, and none of that may crash or
 * stall indexing.
 */

export interface SchemaText {
  /** Property names, in the order met. */
  names: string[]
  /** Descriptions, titles and string enum/const values, in the order met. */
  texts: string[]
}

export interface SchemaTextLimits {
  /** Deepest nesting followed (the root is depth 0). */
  maxDepth: number
  /** Most schema nodes visited. */
  maxNodes: number
  /** Most characters collected over names and texts together; the rest is dropped. */
  maxChars: number
}

export const DEFAULT_SCHEMA_TEXT_LIMITS: SchemaTextLimits = { maxDepth: 6, maxNodes: 400, maxChars: 6000 }

/** Keywords whose value is one sub-schema. */
const SINGLE_SCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const
/** Keywords whose value is a list of sub-schemas. */
const SCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'] as const
/** Keywords whose value maps names to sub-schemas that are not properties the caller fills in by name. */
const SCHEMA_MAP_KEYS = ['patternProperties', '$defs', 'definitions'] as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function collectSchemaText(
  schema: unknown,
  limits: SchemaTextLimits = DEFAULT_SCHEMA_TEXT_LIMITS,
): SchemaText {
  const result: SchemaText = { names: [], texts: [] }
  const seen = new WeakSet<object>()
  let nodes = 0
  let chars = 0

  const add = (list: string[], value: unknown): void => {
    if (typeof value !== 'string') return
    const text = value.trim()
    if (text.length === 0 || chars >= limits.maxChars) return
    const kept = text.slice(0, limits.maxChars - chars)
    chars += kept.length
    list.push(kept)
  }

  const visit = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > limits.maxDepth || nodes >= limits.maxNodes) return
    if (chars >= limits.maxChars || seen.has(node)) return
    seen.add(node)
    nodes += 1
    // The root's own description repeats the tool's; nested ones describe a parameter.
    if (depth > 0) {
      add(result.texts, node['title'])
      add(result.texts, node['description'])
    }
    const values = Array.isArray(node['enum']) ? node['enum'] : [node['const']]
    for (const value of values.slice(0, 50)) add(result.texts, value)

    const properties = node['properties']
    if (isRecord(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        if (chars >= limits.maxChars || nodes >= limits.maxNodes) break
        add(result.names, name)
        visit(child, depth + 1)
      }
    }
    for (const key of SINGLE_SCHEMA_KEYS) visit(node[key], depth + 1)
    for (const key of SCHEMA_LIST_KEYS) {
      const list = node[key]
      if (Array.isArray(list)) for (const child of list) visit(child, depth + 1)
    }
    for (const key of SCHEMA_MAP_KEYS) {
      const map = node[key]
      if (isRecord(map)) for (const child of Object.values(map)) visit(child, depth + 1)
    }
  }

  visit(schema, 0)
  return result
}
