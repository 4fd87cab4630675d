import type { ConfigValueInput } from '../shared/mcp/server-input'
import { UsageError } from './cli-io'

/**
 * `--header 'Name: value'` (remote servers, providers). Header values often carry tokens, so they go to the
 * secret store (servers add may then keep a plain one in clear: server-value-options.ts) and never appear
 * in a message: errors name the header, not its value. `option` is the flag errors name.
 */
export function parseHeaders(lines: string[], option = 'header'): Record<string, ConfigValueInput> {
  const headers: Record<string, ConfigValueInput> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon === -1) throw new UsageError(`a --${option} has no ":"; expected --${option} 'Name: value'`)
    const name = line.slice(0, colon).trim()
    if (name === '') throw new UsageError(`a --${option} starts with ":"; expected --${option} 'Name: value'`)
    if (Object.keys(headers).some((known) => known.toLowerCase() === name.toLowerCase())) {
      throw new UsageError(`--${option} ${name} is given more than once`)
    }
    headers[name] = { value: line.slice(colon + 1).trim() }
  }
  return headers
}
