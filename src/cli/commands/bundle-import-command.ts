import path from 'node:path'
import type { BundlePreview, UserConfigField, UserConfigValue } from '../../shared/import/bundle-info'
import { IpcFailure } from '../../shared/ipc/ipc-error'
import {
  BundleImportService,
  type BundleImportServiceDeps,
} from '../../main/core/config/import/bundle-import-service'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { firstLine, terminalText } from '../format/terminal-text'
import { formatBundlePreview, redactBundlePreview } from './import-format'
import { askToProceed, type ImportOptions, type SetValue } from './import-options'

/**
 * `mcp-desk import <bundle.mcpb>`: shows the bundle and its settings form, then (with --yes, or a "y" at
 * the terminal) unpacks it into a new folder under `<home>/bundles` and adds its stdio server. Answers come
 * from `--set KEY=VALUE`; a sensitive answer goes into the server's env, so into the secret store, and is
 * never printed: the preview says only whether a field was given.
 */
export async function importBundle(
  deps: BundleImportServiceDeps,
  bytes: Uint8Array,
  options: ImportOptions,
  sets: readonly SetValue[],
  io: CliIo,
): Promise<number> {
  const service = new BundleImportService(deps)
  const fileName = path.basename(options.file)
  let preview: BundlePreview
  try {
    preview = await service.inspect(bytes)
  } catch (error) {
    if (error instanceof IpcFailure)
      throw new Error(`cannot import ${fileName}: ${error.message}`, { cause: error })
    throw error
  }
  return installBundlePreview({ service, configs: deps.configs }, preview, options, sets, io)
}

/**
 * Shows a held bundle's preview (a dropped file's, or a registry entry's downloaded and checked) with its
 * settings form answered by --set, and installs it with --yes or a "y" at the terminal.
 */
export async function installBundlePreview(
  deps: { service: Pick<BundleImportService, 'install'>; configs: BundleImportServiceDeps['configs'] },
  preview: BundlePreview,
  options: Pick<ImportOptions, 'yes' | 'replace' | 'json' | 'name'>,
  sets: readonly SetValue[],
  io: CliIo,
): Promise<number> {
  const { print, warn } = outputOf(io)
  const { service } = deps
  const fields = preview.info.userConfig
  const answers = userConfigAnswers(fields, sets)
  const chosenName = chosenServerName(options.name)
  // An earlier install of the same bundle keeps its server's name (an upgrade) unless --name picks another.
  const serverName =
    chosenName ?? (preview.existing?.sameBundle ? preview.existing.name : preview.info.displayName)
  const existing = deps.configs
    .list()
    .find((config) => config.name.toLowerCase() === serverName.trim().toLowerCase())
  // The service looked for the bundle's own names; --name may pick another.
  const { existing: found, ...inspected } = preview
  const shown: BundlePreview = existing
    ? {
        ...inspected,
        existing: {
          id: existing.id,
          name: existing.name,
          sameBundle: found?.id === existing.id && found.sameBundle,
        },
      }
    : inspected
  const answered = new Set(Object.keys(answers))
  const missing = fields.filter(
    (field) => field.required && !answered.has(field.key) && field.default === undefined,
  )
  const problems = [
    ...(missing.length > 0 ? [missingMessage(missing)] : []),
    ...(shown.existing && !options.replace ? [conflictMessage(shown.existing, serverName)] : []),
  ]

  const report = { bundle: redactBundlePreview(shown), serverName }
  // --json prints one document: the preview, or with --yes the preview and what was installed.
  if (options.json) {
    if (!options.yes) print(JSON.stringify(report, null, 2))
  } else for (const line of formatBundlePreview(shown, answered, serverName)) print(line)

  if (!options.yes) {
    const answer =
      options.json || problems.length > 0
        ? undefined
        : await askToProceed(
            io,
            `Install ${firstLine(preview.info.displayName)} ${firstLine(preview.info.version)} as server "${firstLine(serverName)}"?`,
          )
    if (answer === undefined) {
      warn('')
      warn(
        [
          'Nothing was installed.',
          ...problems.map((problem) => `First: ${problem}.`),
          'To install the bundle, run the command again with --yes.',
        ].join('\n'),
      )
      return 0
    }
    if (!answer) {
      warn('Not installed: nothing was written.')
      return 1
    }
  } else if (problems.length > 0) {
    throw new Error(`${problems.join('; ')}; nothing was installed`)
  }

  const result = await service.install({
    bundleId: preview.bundleId,
    userConfig: answers,
    name: serverName,
    replace: options.replace,
  })
  if (options.json) {
    print(JSON.stringify({ ...report, result }, null, 2))
    return 0
  }
  print('')
  print(
    `Installed ${firstLine(preview.info.displayName)} ${firstLine(preview.info.version)} into ${result.installDir}`,
  )
  print(
    `${result.replaced ? 'Replaced' : 'Added'} stdio server "${firstLine(result.server.name)}" ` +
      `with id ${result.server.id}`,
  )
  const sensitive = fields.filter((field) => field.sensitive).map((field) => field.key)
  if (sensitive.length > 0) {
    print(
      `Its env values, with the sensitive settings (${sensitive.map(firstLine).join(', ')}), are in the ` +
        'secret store; settings.json holds only references to them.',
    )
  }
  const installNotes = result.notes.filter((note) => !preview.info.notes.includes(note))
  for (const note of installNotes) warn(`note: ${terminalText(note)}`)
  return 0
}

function chosenServerName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined
  const trimmed = name.trim()
  if (trimmed === '') throw new UsageError('--name needs a server name')
  if (trimmed.length > 200) throw new UsageError('--name is longer than 200 characters')
  return trimmed
}

/**
 * `--set KEY=VALUE` answers by field. Numbers and toggles are read per the field's type (text the type
 * does not fit is passed on, and the bundle's check names the field); a field that takes several paths
 * takes `--set KEY=...` once per path. An empty value leaves the field to its default.
 */
function userConfigAnswers(
  fields: readonly UserConfigField[],
  sets: readonly SetValue[],
): Record<string, UserConfigValue> {
  const answers = new Map<string, UserConfigValue>()
  for (const { name, value } of sets) {
    const field = fields.find((candidate) => candidate.key === name)
    if (!field) {
      const keys = fields.map((candidate) => firstLine(candidate.key))
      throw new Error(
        `--set ${firstLine(name)}: the bundle has no setting of that name` +
          (keys.length > 0 ? `; its settings: ${keys.join(', ')}` : '; it has no settings'),
      )
    }
    if (value === '') continue
    const previous = answers.get(name)
    if (previous !== undefined && !field.multiple) {
      throw new UsageError(`--set ${name} is given more than once; "${name}" takes one value`)
    }
    answers.set(
      name,
      field.multiple ? [...(Array.isArray(previous) ? previous : []), value] : typed(field, value),
    )
  }
  return Object.fromEntries(answers)
}

function typed(field: UserConfigField, text: string): UserConfigValue {
  const trimmed = text.trim()
  if (field.type === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed)
  if (field.type === 'boolean' && /^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true'
  return text
}

function missingMessage(missing: readonly UserConfigField[]): string {
  const listed = missing.map((field) => `"${firstLine(field.title)}" (${firstLine(field.key)})`)
  const example = missing.map((field) => `--set ${firstLine(field.key)}=VALUE`).join(' ')
  return `the bundle needs ${listed.join(', ')}: give ${missing.length === 1 ? 'it' : 'them'} with ${example}`
}

function conflictMessage(existing: NonNullable<BundlePreview['existing']>, serverName: string): string {
  const what = existing.sameBundle
    ? `"${firstLine(existing.name)}" (id ${existing.id}) was installed from this bundle`
    : `a server named "${firstLine(existing.name)}" is already configured (id ${existing.id})`
  return (
    `${what}; pass --replace to replace it, or --name NAME to install "${firstLine(serverName)}" ` +
    'under another name'
  )
}
