import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { collectEntries } from './mcp-servers-map'
import type { InputDeclaration } from './placeholders'
import { isPlainRecord } from './read-config-text'
import { timeoutReason, ServerCollector, preview, type FormatResult } from './server-builder'
import { entryObjects, mapStandardEntry } from './standard-entry'

/**
 * VS Code: `.vscode/mcp.json` (`servers` and `inputs`) and the same two under `mcp` in settings.json.
 * Entries say `type: stdio|http|sse`; stdio ones may point at an `envFile`; values use `${input:id}` for
 * what VS Code prompts for (described in `inputs`, `password: true` for secrets) and its predefined
 * variables such as `${workspaceFolder}`.
 */

const inputSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().optional(),
  description: z.string().optional(),
  password: z.boolean().optional(),
  options: z.array(z.union([z.string(), z.looseObject({ value: z.string() })])).optional(),
  default: z.string().optional(),
})
const serversBlockSchema = z.looseObject({
  servers: z.record(z.string(), z.unknown()),
  inputs: z.array(z.unknown()).optional(),
})

/** What the servers of a `servers`-shaped entry have that no other format's top level calls `servers`. */
function looksLikeServers(servers: unknown): boolean {
  return entryObjects(servers).some(
    (entry) =>
      typeof entry.command === 'string' || typeof entry.url === 'string' || typeof entry.type === 'string',
  )
}

/** opencode's newer files nest `mcp.servers` too, with `type: local|remote` and a command array. */
function looksLikeOpencode(servers: unknown): boolean {
  return entryObjects(servers).some(
    (entry) => entry.type === 'local' || entry.type === 'remote' || Array.isArray(entry.command),
  )
}

function scoreBlock(block: unknown): number {
  if (!isPlainRecord(block) || !isPlainRecord(block.servers) || looksLikeOpencode(block.servers)) return 0
  return looksLikeServers(block.servers) || Array.isArray(block.inputs) ? 3 : 1
}

function parseBlock(block: unknown): FormatResult {
  const collector = new ServerCollector()
  const parsed = serversBlockSchema.safeParse(block)
  if (!parsed.success) return collector.result()
  const inputs = new Map<string, InputDeclaration>()
  for (const raw of parsed.data.inputs ?? []) {
    const input = inputSchema.safeParse(raw)
    if (!input.success) {
      collector.note(`an entry of inputs was ignored: it has no id`)
      continue
    }
    const { id, type, description, password, options } = input.data
    if (type === 'command') {
      collector.note(
        `input "${id}" runs a VS Code command, which MCP Desk cannot: its value is asked for instead`,
      )
    }
    const choices = options?.map((option) => (typeof option === 'string' ? option : option.value))
    const defaultText = input.data.default === undefined ? '' : `; default ${input.data.default}`
    const described =
      choices && choices.length > 0
        ? `${description ?? id} (one of: ${preview(choices, 120)}${defaultText})`
        : description
    inputs.set(id, {
      ...(described === undefined ? {} : { description: described }),
      password: password === true,
    })
  }
  collectEntries(parsed.data.servers, collector, (name, raw) => {
    const envFile = isPlainRecord(raw) ? raw.envFile : undefined
    return mapStandardEntry(name, raw, {
      reasons: {
        envFile: () =>
          `envFile (${preview(envFile)}) is not read: MCP Desk only reads the files you hand it, so add its variables to env after import`,
        dev: () => 'dev (watch and debug settings for developing the server) is not imported',
        timeout: timeoutReason('timeout'),
      },
    })
  })
  return collector.result(inputs)
}

export const vscodeFormat: FormatParser = {
  format: 'vscode',
  fileNames: [/(^|[\\/])mcp\.json$/i],
  score: (document) => scoreBlock(document),
  parse: (document) => parseBlock(document),
}

export const vscodeSettingsFormat: FormatParser = {
  format: 'vscode-settings',
  fileNames: [/(^|[\\/])settings\.json$/i],
  score: (document) => scoreBlock(document.mcp),
  parse: (document) => parseBlock(document.mcp),
}
