/**
 * Arguments a scripted user would type for a tool: each property's default or example when the schema
 * gives one, else a plain value of its type. Enough for conformance scenario tools (numbers to add, an
 * empty object), not a general JSON Schema instance generator.
 */
export function sampleArguments(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema['properties'] ?? {}) as Record<string, Record<string, unknown>>
  const args: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties)) args[name] = sampleValue(property)
  return args
}

function sampleValue(schema: Record<string, unknown>): unknown {
  if ('default' in schema) return schema['default']
  const examples = schema['examples']
  if (Array.isArray(examples) && examples.length > 0) return examples[0]
  const choices = schema['enum']
  if (Array.isArray(choices) && choices.length > 0) return choices[0]
  switch (Array.isArray(schema['type']) ? schema['type'][0] : schema['type']) {
    case 'number':
    case 'integer':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return sampleArguments(schema)
    default:
      return 'conformance'
  }
}
