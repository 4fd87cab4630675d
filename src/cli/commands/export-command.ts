import { writeFile } from 'node:fs/promises'
import {
  EXPORT_FORMATS,
  exportServers,
  type ExportFormat,
} from '../../main/core/config/import/export-servers'
import { ServerConfigService } from '../../main/core/mcp/server-config-service'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import { outputOf, UsageError, type CliIo } from '../cli-io'

export interface ExportOptions {
  format: string | undefined
  /** The file to write; stdout when absent. */
  out: string | undefined
  /** --yes: an existing --out file may be overwritten. */
  overwrite: boolean
}

/**
 * `mcp-desk export`: the profile's servers in another client's format. Secret values never leave the
 * secret store (exportServers writes each as a placeholder to fill in), so the document goes to stdout
 * as is and notes go to stderr, keeping `> file` redirection clean.
 */
export async function exportConfig(home: string, options: ExportOptions, io: CliIo): Promise<number> {
  const { print, warn } = outputOf(io)
  const format = parseFormat(options.format)
  const profile = openNodeProfile(home)
  const servers = new ServerConfigService(profile.settings, profile.secrets).list()
  const document = exportServers(servers, format)
  if (servers.length === 0) warn('No servers are configured: the exported file lists none.')

  if (options.out === undefined) io.stdout(document)
  else {
    try {
      // `wx` refuses an existing file atomically; with --yes the file is replaced.
      await writeFile(options.out, document, { flag: options.overwrite ? 'w' : 'wx', mode: 0o600 })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') {
        throw new Error(`${options.out} already exists; pass --yes to overwrite it`, { cause: error })
      }
      throw new Error(`cannot write ${options.out}: ${(error as Error).message}`, { cause: error })
    }
    print(`Wrote ${servers.length === 1 ? '1 server' : `${servers.length} servers`} to ${options.out}`)
  }
  if (servers.some((server) => hasSecrets(server, format))) {
    warn(`Secret env, header and OAuth client secret values are not exported: ${SECRET_NOTE[format]}`)
  }
  return 0
}

const SECRET_NOTE: Record<ExportFormat, string> = {
  'claude-desktop': 'each is a ${NAME} placeholder to replace with its value (Claude Desktop expands none).',
  vscode: 'each is an ${input:...} VS Code asks for when the server starts.',
  cursor: 'each is an ${env:NAME} Cursor reads from its environment.',
}

function parseFormat(raw: string | undefined): ExportFormat {
  const formats = EXPORT_FORMATS.join('|')
  if (raw === undefined) throw new UsageError(`export needs --format ${formats}`)
  const format = EXPORT_FORMATS.find((candidate) => candidate === raw)
  if (format === undefined) throw new UsageError(`invalid --format "${raw}": expected ${formats}`)
  return format
}

/** Whether the export writes a placeholder for a stored secret (only Cursor carries the OAuth client secret). */
function hasSecrets(server: ReturnType<ServerConfigService['list']>[number], format: ExportFormat): boolean {
  const values =
    server.transport === 'stdio'
      ? Object.values(server.env)
      : [...Object.values(server.headers), ...(format === 'cursor' ? [server.oauth?.clientSecret] : [])]
  return values.some((value) => value !== undefined && typeof value !== 'string')
}
