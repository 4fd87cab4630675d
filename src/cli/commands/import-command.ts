import path from 'node:path'
import type { ImportAction, ImportPreview, ImportRow } from '../../shared/import/import-preview'
import { IpcFailure } from '../../shared/ipc/ipc-error'
import { ImportService } from '../../main/core/config/import/import-service'
import { parseMcpConfig } from '../../main/core/config/import/parse-mcp-config'
import { ServerConfigService } from '../../main/core/mcp/server-config-service'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { firstLine } from '../format/terminal-text'
import { importBundle } from './bundle-import-command'
import { formatImportPreview } from './import-format'
import { askToProceed, parseSetOptions, type ImportOptions, type SetValue } from './import-options'
import { readImportFile } from './read-import-file'

export type { ImportOptions } from './import-options'

/**
 * `mcp-desk import <file>`: another client's MCP config, or an `.mcpb` bundle. Shows what would happen and
 * writes only with --yes (or a "y" at the terminal). The CLI holds no live connections, so replacing a
 * server rewrites its config; the next command that connects it uses the new one.
 */
export async function importFile(home: string, options: ImportOptions, io: CliIo): Promise<number> {
  const sets = parseSetOptions(options.set)
  const file = await readImportFile(options.file)
  const profile = openNodeProfile(home)
  const configs = new ServerConfigService(profile.settings, profile.secrets)
  const replace = (id: string, input: Parameters<ServerConfigService['update']>[1]) =>
    Promise.resolve(configs.update(id, input))
  if (file.kind === 'bundle') {
    if (options.useEnv) throw new UsageError('--use-env applies to config files, not to .mcpb bundles')
    if (options.allowSampling.length > 0) {
      throw new UsageError('--allow-sampling applies to config files, not to .mcpb bundles')
    }
    return importBundle(
      { bundlesDir: profile.paths.bundlesDir, configs, replace },
      file.bytes,
      options,
      sets,
      io,
    )
  }
  if (options.name !== undefined) {
    throw new UsageError('--name applies to .mcpb bundles; a config file keeps its server names')
  }
  const service = new ImportService({ parse: parseMcpConfig, configs, replace, environment: () => io.env })
  const fileName = path.basename(options.file)
  let preview: ImportPreview
  try {
    preview = service.preview(file.text, fileName)
  } catch (error) {
    // The parser's message names what is wrong and where (line, column); nothing has been written.
    if (error instanceof IpcFailure)
      throw new Error(`cannot import ${fileName}: ${error.message}`, { cause: error })
    throw error
  }
  return applyImportPreview(service, preview, options, sets, io)
}

/**
 * Shows a held import preview (a file's, a registry entry's or an install link's) and applies it with
 * --yes or a "y" at the terminal; --set fills its placeholders.
 */
export async function applyImportPreview(
  service: Pick<ImportService, 'apply'>,
  preview: ImportPreview,
  options: Pick<ImportOptions, 'yes' | 'replace' | 'useEnv' | 'allowSampling' | 'json'>,
  sets: SetValue[],
  io: CliIo,
): Promise<number> {
  const { print, warn } = outputOf(io)
  const typed = placeholderValues(sets, preview)
  const actions = new Map(preview.rows.map((row) => [row.sourceName, actionFor(row, options.replace)]))
  const allowed = samplingAllowed(options.allowSampling, preview.rows)
  const applied = preview.rows.filter((row) => actions.get(row.sourceName) !== 'skip')
  const missing = missingPlaceholders(preview, applied, typed, options.useEnv, io.env)
  const report = {
    preview: withoutPreviewId(preview),
    actions: Object.fromEntries(actions),
    // What each server will be written with: `ask` where the file said allow, unless --allow-sampling.
    sampling: Object.fromEntries(
      preview.rows.map((row) => [row.sourceName, allowed.has(row.sourceName) ? 'allow' : row.sampling]),
    ),
  }

  // --json prints one document: the preview, or with --yes the preview and what was written.
  if (options.json) {
    if (!options.yes) print(JSON.stringify(report, null, 2))
  } else {
    const given = new Set(Object.keys(typed))
    const state = { given, useEnv: options.useEnv }
    for (const line of formatImportPreview(preview, actions, state, allowed)) print(line)
  }

  if (!options.yes) {
    const answer =
      options.json || applied.length === 0 || missing.length > 0
        ? undefined
        : await askToProceed(io, `Import ${serverCount(applied.length)}?`)
    if (answer === undefined) {
      warn('')
      warn(howToApply(applied.length, missing, preview.rows, options.replace))
      return 0
    }
    if (!answer) {
      warn('Not imported: nothing was written.')
      return 1
    }
  } else if (missing.length > 0) {
    throw new Error(missingMessage(missing))
  }
  if (applied.length === 0) {
    if (options.json) {
      const skipped = preview.rows.map((row) => row.sourceName)
      print(JSON.stringify({ ...report, result: { added: [], replaced: [], skipped } }, null, 2))
    }
    warn('Nothing to import: every server in the file is skipped.')
    return 0
  }

  const result = await service.apply({
    previewId: preview.previewId,
    decisions: [...actions].map(([sourceName, action]) => ({
      sourceName,
      action,
      ...(allowed.has(sourceName) ? { allowSampling: true } : {}),
    })),
    placeholderValues: typed,
    useEnvironment: options.useEnv,
  })
  if (options.json) {
    print(JSON.stringify({ ...report, result }, null, 2))
    return 0
  }
  print('')
  for (const server of result.added) print(`Added "${firstLine(server.name)}" with id ${server.id}`)
  for (const server of result.replaced) print(`Replaced "${firstLine(server.name)}" (id ${server.id})`)
  if (result.skipped.length > 0) print(`Skipped: ${result.skipped.map(firstLine).join(', ')}`)
  print('Env and header values are in the secret store; settings.json holds only references to them.')
  return 0
}

/** New rows are added; changed and conflicting ones replaced only with --replace; identical ones skipped. */
function actionFor(row: ImportRow, replace: boolean): ImportAction {
  if (row.status === 'new') return 'add'
  if (row.status === 'identical') return 'skip'
  return replace ? 'replace' : 'skip'
}

/**
 * `--allow-sampling NAME` names a server by its key in the file (or the name it gets); only a server whose
 * file asks for `allow` can be given it here, so the flag never grants more than the file asked for.
 */
function samplingAllowed(names: readonly string[], rows: readonly ImportRow[]): Set<string> {
  const allowed = new Set<string>()
  for (const name of names) {
    const row = rows.find((candidate) => candidate.sourceName === name || candidate.name === name)
    if (!row) {
      throw new UsageError(
        `--allow-sampling ${firstLine(name)}: the file has no server of that name; its servers: ` +
          rows.map((candidate) => firstLine(candidate.sourceName)).join(', '),
      )
    }
    if (!row.fileAllowsSampling) {
      throw new UsageError(
        `--allow-sampling ${firstLine(name)}: the file does not set sampling to allow for that server; ` +
          'change its policy with mcp-desk servers edit after importing',
      )
    }
    allowed.add(row.sourceName)
  }
  return allowed
}

/**
 * `--set` names a placeholder by its token (`${input:api-key}`) or its bare name (`api-key`,
 * `GITHUB_TOKEN`); a bare name sets every placeholder of that name, and a token wins over a bare name.
 */
function placeholderValues(sets: readonly SetValue[], preview: ImportPreview): Record<string, string> {
  const seen = new Set<string>()
  for (const { name } of sets) {
    if (seen.has(name)) throw new UsageError(`--set ${name} is given more than once`)
    seen.add(name)
  }
  const values: Record<string, string> = {}
  const byName = sets.filter((set) => !preview.placeholders.some((p) => p.token === set.name))
  const byToken = sets.filter((set) => preview.placeholders.some((p) => p.token === set.name))
  for (const { name, value } of byName) {
    const matches = preview.placeholders.filter((p) => p.name === name)
    if (matches.length === 0) throw new Error(unknownPlaceholder(name, preview))
    for (const placeholder of matches) values[placeholder.token] = value
  }
  for (const { name, value } of byToken) values[name] = value
  for (const [token, value] of Object.entries(values)) {
    if (value === '') throw new UsageError(`--set for ${token} has an empty value`)
  }
  return values
}

function unknownPlaceholder(name: string, preview: ImportPreview): string {
  const known = preview.placeholders.map((p) => p.token)
  return (
    `--set ${firstLine(name)}: the file has no placeholder of that name` +
    (known.length > 0 ? `; its placeholders: ${known.map(firstLine).join(', ')}` : '; it has no placeholders')
  )
}

type PreviewPlaceholder = ImportPreview['placeholders'][number]

/** The placeholders of the servers about to be written that nobody gave a value for. */
function missingPlaceholders(
  preview: ImportPreview,
  applied: readonly ImportRow[],
  typed: Readonly<Record<string, string>>,
  useEnv: boolean,
  env: NodeJS.ProcessEnv,
): PreviewPlaceholder[] {
  const prefixes = applied.map((row) => `${row.sourceName}: `)
  return preview.placeholders.filter((placeholder) => {
    if (!placeholder.locations.some((at) => prefixes.some((prefix) => at.startsWith(prefix)))) return false
    if (typed[placeholder.token] !== undefined) return false
    return !(useEnv && placeholder.kind === 'env' && env[placeholder.name] !== undefined)
  })
}

function missingMessage(missing: readonly PreviewPlaceholder[]): string {
  return `no value for ${missingList(missing)}; nothing was imported. ${capitalized(howToGive(missing))}`
}

function missingList(missing: readonly PreviewPlaceholder[]): string {
  return missing.map((p) => `${firstLine(p.token)} (in ${p.locations.map(firstLine).join('; ')})`).join(', ')
}

function howToGive(missing: readonly PreviewPlaceholder[]): string {
  const example = firstLine(missing[0]?.name ?? 'NAME')
  const fromEnv = missing.filter((p) => p.kind === 'env').map((p) => firstLine(p.name))
  const envHint =
    fromEnv.length > 0
      ? `, or pass --use-env to read ${fromEnv.join(', ')} from this shell's environment`
      : ''
  return `give each with --set NAME=VALUE (e.g. --set ${example}=...)${envHint}`
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function howToApply(
  count: number,
  missing: readonly PreviewPlaceholder[],
  rows: readonly ImportRow[],
  replace: boolean,
): string {
  const lines = ['Nothing was written.']
  if (missing.length > 0) {
    lines.push(`Placeholders without a value: ${missingList(missing)}; ${howToGive(missing)}.`)
  }
  if (!replace && rows.some((row) => row.status === 'changed' || row.status === 'conflict')) {
    lines.push('--replace replaces the configured servers the file changes or conflicts with.')
  }
  lines.push(
    count === 0
      ? 'Nothing to import: every server in the file is skipped.'
      : `To import ${serverCount(count)}, run the command again with --yes.`,
  )
  return lines.join('\n')
}

function serverCount(count: number): string {
  return count === 1 ? '1 server' : `${count} servers`
}

/** The preview id means nothing once this command exits. */
function withoutPreviewId(preview: ImportPreview): Omit<ImportPreview, 'previewId'> {
  const { previewId: _id, ...rest } = preview
  return rest
}
