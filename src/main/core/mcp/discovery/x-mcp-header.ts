// SEP-2243 (2026-07-28): a tool's inputSchema may mark a parameter with `x-mcp-header: Name`, and the client
// then mirrors its value into an `Mcp-Param-Name` HTTP header. A tool whose marks are invalid MUST be left
// out (its calls could not be routed as the server expects), while its valid siblings stay. The rules are the
// SDK's (`scanXMcpHeaderDeclarations`, not exported): only on properties reached through `properties` from
// the root, a non-empty RFC 9110 token, on a string, integer or boolean property, unique ignoring case.

const X_MCP_HEADER = 'x-mcp-header'
/** RFC 9110 token: no spaces, control characters or delimiters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const PERMITTED_TYPES = new Set(['string', 'integer', 'boolean'])
/** Where a mark is unreachable: anything but a chain of `properties`. */
const SUBSCHEMA_KEYWORDS = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const
/** The keywords above whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['patternProperties', '$defs', 'definitions', 'dependentSchemas'])

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Why the tool's `x-mcp-header` marks are invalid, or undefined when they are fine (or absent). */
export function invalidXMcpHeader(inputSchema: unknown): string | undefined {
  const seen = new Map<string, string>()
  const visit = (node: unknown, path: string[], reachable: boolean, depth: number): string | undefined => {
    if (!isObject(node) || depth > 64) return undefined
    const where = path.length === 0 ? 'the schema' : path.join('.')
    if (X_MCP_HEADER in node) {
      if (!reachable || path.length === 0) return `${where}: x-mcp-header is only allowed on a property`
      const name = node[X_MCP_HEADER]
      if (typeof name !== 'string' || name === '') return `${where}: x-mcp-header must be a non-empty string`
      if (!TOKEN.test(name)) return `${where}: x-mcp-header "${name}" is not a valid header name`
      const type = node['type']
      if (typeof type !== 'string' || !PERMITTED_TYPES.has(type)) {
        return `${where}: x-mcp-header is only allowed on a string, integer or boolean property`
      }
      const before = seen.get(name.toLowerCase())
      if (before !== undefined) return `x-mcp-header "${name}" is given twice (also as "${before}")`
      seen.set(name.toLowerCase(), name)
    }
    const properties = node['properties']
    if (isObject(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const fault = visit(child, [...path, key], reachable, depth + 1)
        if (fault !== undefined) return fault
      }
    }
    for (const keyword of SUBSCHEMA_KEYWORDS) {
      const sub = node[keyword]
      const branches: unknown[] = Array.isArray(sub)
        ? sub
        : SCHEMA_MAPS.has(keyword) && isObject(sub)
          ? Object.values(sub)
          : [sub]
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false, depth + 1)
        if (fault !== undefined) return fault
      }
    }
    return undefined
  }
  return visit(inputSchema, [], true, 0)
}
