import { z } from 'zod'
import { serverInputSchema } from '../mcp/server-input'

/**
 * What an MCP config file from another client turns into before anything is written: the servers it
 * declares, already mapped to MCP Desk's server input, with what could not be carried over said per server.
 * Values may still hold placeholders (`${input:id}`, `${env:NAME}`, `${NAME}`), listed once per file.
 */

export const IMPORT_FORMATS = [
  'claude-desktop',
  'claude-code',
  'vscode',
  'vscode-settings',
  'cursor',
  'windsurf',
  'cline',
  'zed',
  'opencode',
  'gemini',
  'goose',
  'codex',
  'mcp-registry',
  'install-link',
] as const
export const importFormatSchema = z.enum(IMPORT_FORMATS)
export type ImportFormat = z.infer<typeof importFormatSchema>

/** How each format is named to the user ("not an MCP config" lists them). */
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  'claude-desktop': 'Claude Desktop (claude_desktop_config.json)',
  'claude-code': 'Claude Code (~/.claude.json or .mcp.json)',
  vscode: 'VS Code (mcp.json)',
  'vscode-settings': 'VS Code settings.json (mcp.servers)',
  cursor: 'Cursor / LM Studio (mcp.json)',
  windsurf: 'Windsurf (mcp_config.json)',
  cline: 'Cline (cline_mcp_settings.json)',
  zed: 'Zed (context_servers)',
  opencode: 'opencode / MiMo Code (mcp)',
  gemini: 'Gemini CLI (settings.json mcpServers)',
  goose: 'Goose (config.yaml extensions)',
  codex: 'Codex (config.toml mcp_servers)',
  'mcp-registry': 'MCP registry entry (server.json)',
  'install-link': 'Install link (mcp-desk://, vscode:, cursor://, cherrystudio://)',
}

/** A `${…}` reference found in a value: asked for, or resolved from the user's environment with consent. */
export const placeholderSchema = z.object({
  /** Exactly as written, e.g. `${input:api-key}`, `${env:HOME}`, `${TOKEN}`. */
  token: z.string(),
  /** `input`: VS Code's `${input:id}` (asked); `env`: `${env:NAME}` or `${NAME}` (asked, or read from the environment). */
  kind: z.enum(['input', 'env']),
  /** The input id or the variable name. */
  name: z.string(),
  /** VS Code's input description, when the file gives one. */
  description: z.string().optional(),
  /** A password input, or a name that looks secret: the form uses a password field. */
  secret: z.boolean(),
  /** Where it occurs, e.g. `notes: env.API_KEY`, `notes: headers.Authorization`, `notes: args[2]`. */
  locations: z.array(z.string()),
})
export type Placeholder = z.infer<typeof placeholderSchema>

/** One server of the file, mapped. `input.env`/`input.headers` values are `{ value }` (placeholders kept). */
export const importedServerSchema = z.object({
  /** Its key (or name) in the file. */
  sourceName: z.string(),
  input: serverInputSchema,
  /** Unsupported fields and lossy mappings, in words, e.g. "autoApprove is not imported: MCP Desk asks per call". */
  notes: z.array(z.string()),
  /**
   * Env variables and headers the source marks secret whatever their names (a registry entry's `isSecret`):
   * their values go to the secret store like those of secret-looking names.
   */
  secretNames: z.array(z.string()).optional(),
})
export type ImportedServer = z.infer<typeof importedServerSchema>

export const parsedConfigSchema = z.object({
  format: importFormatSchema,
  servers: z.array(importedServerSchema),
  placeholders: z.array(placeholderSchema),
  /** Notes about the file as a whole (e.g. "2 project scopes found"). */
  notes: z.array(z.string()),
})
export type ParsedConfig = z.infer<typeof parsedConfigSchema>

/** Larger files are refused before parsing. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024

/** A file listing more servers is refused at preview: nobody reviews more rows than this in one go. */
export const IMPORT_MAX_SERVERS = 1000
