import type { BundlePreview, UserConfigField, UserConfigValue } from '../../shared/import/bundle-info'
import type { ImportAction, ImportPreview, ImportRow } from '../../shared/import/import-preview'
import { formatBytes } from '../../main/core/config/import/mcpb/bundle-limits'
import { firstLine, terminalText } from '../format/terminal-text'

/**
 * The text `mcp-desk import` shows before anything is written. Everything in it comes from a file the user
 * picked up somewhere, so every string goes through terminalText/firstLine; env and header values are never
 * in a preview (the service reports them as "(set)"/"(changed)"), and sensitive bundle defaults are hidden.
 */

type PreviewPlaceholder = ImportPreview['placeholders'][number]

export interface PlaceholderState {
  /** Tokens given a value with --set. */
  given: ReadonlySet<string>
  /** Whether --use-env was passed. */
  useEnv: boolean
}

export function formatImportPreview(
  preview: ImportPreview,
  actions: ReadonlyMap<string, ImportAction>,
  placeholders: PlaceholderState,
  samplingAllowed: ReadonlySet<string> = new Set(),
): string[] {
  const count = preview.rows.length
  const lines = [`Format: ${preview.formatLabel}`]
  if (preview.origin !== undefined) lines.push(`From ${firstLine(preview.origin)}`)
  if (preview.addsDisabled === true) {
    lines.push('Added turned off: nothing runs until you turn it on (mcp-desk servers enable NAME).')
  }
  lines.push('', `Servers (${count}):`)
  for (const row of preview.rows) {
    lines.push(...formatRow(row, actions.get(row.sourceName) ?? 'skip', samplingAllowed.has(row.sourceName)))
  }
  if (preview.placeholders.length > 0) {
    lines.push('', `Placeholders (${preview.placeholders.length}):`)
    for (const placeholder of preview.placeholders)
      lines.push(...formatPlaceholder(placeholder, placeholders))
  }
  if (preview.notes.length > 0) {
    lines.push('', 'Notes:')
    for (const note of preview.notes) lines.push(`  - ${terminalText(note)}`)
  }
  return lines
}

function formatRow(row: ImportRow, action: ImportAction, allowSampling: boolean): string[] {
  const renamed = row.name === row.sourceName ? '' : ` (key "${firstLine(row.sourceName)}" in the file)`
  const lines = [
    `  [${row.status}] ${firstLine(row.name)}${renamed}  ${row.transport}  ${firstLine(row.destination)}`,
  ]
  const detail = (text: string) => lines.push(`      ${text}`)
  // What the server is granted, whatever else the row says: who may run models, and what it is given.
  detail(`sampling: ${samplingText(row, allowSampling)}`)
  if (row.env.length > 0) detail(`env: ${valueNames(row.env)}`)
  if (row.headers.length > 0) detail(`headers: ${valueNames(row.headers)}`)
  if (row.existing) detail(`configured as "${firstLine(row.existing.name)}" (id ${row.existing.id})`)
  for (const change of row.changes) {
    detail(`${firstLine(change.field)}: ${firstLine(change.before)} -> ${firstLine(change.after)}`)
  }
  for (const note of row.notes) detail(`note: ${terminalText(note)}`)
  detail(`=> ${actionText(row, action)}`)
  return lines
}

function samplingText(row: ImportRow, allowSampling: boolean): string {
  if (allowSampling) return 'allow, without asking (--allow-sampling)'
  const policy = row.sampling === 'ask' ? 'ask (a card for each request)' : row.sampling
  return row.fileAllowsSampling
    ? `${policy}; the file says allow: --allow-sampling ${firstLine(row.sourceName)} keeps it`
    : policy
}

function valueNames(values: ImportRow['env']): string {
  return values.map((value) => `${firstLine(value.name)} (${value.secret ? 'secret' : 'plain'})`).join(', ')
}

function actionText(row: ImportRow, action: ImportAction): string {
  switch (action) {
    case 'add':
      return 'add'
    case 'replace':
      return 'replace the configured server (--replace)'
    case 'rename':
      return 'add under another name'
    case 'skip':
      if (row.status === 'identical') return 'skip: already configured the same way'
      if (row.status === 'new') return 'skip'
      return 'skip: pass --replace to replace the configured server'
  }
}

function formatPlaceholder(placeholder: PreviewPlaceholder, state: PlaceholderState): string[] {
  const kind =
    placeholder.kind === 'input'
      ? `input "${firstLine(placeholder.name)}"`
      : `env variable ${firstLine(placeholder.name)}`
  const description = placeholder.description === undefined ? '' : `: ${firstLine(placeholder.description)}`
  const lines = [
    `  ${firstLine(placeholder.token)}  ${kind}${placeholder.secret ? ', secret' : ''}${description}`,
    `      in ${placeholder.locations.map(firstLine).join('; ')}`,
  ]
  lines.push(`      value: ${placeholderValueText(placeholder, state)}`)
  return lines
}

function placeholderValueText(placeholder: PreviewPlaceholder, state: PlaceholderState): string {
  if (state.given.has(placeholder.token)) return 'given with --set'
  if (placeholder.kind === 'env' && placeholder.inEnvironment) {
    return state.useEnv
      ? "read from this shell's environment (--use-env)"
      : "set in this shell's environment; --use-env reads it from there"
  }
  const setName = firstLine(placeholder.name)
  return placeholder.kind === 'env'
    ? `none yet: --set ${setName}=VALUE (not set in this shell's environment)`
    : `none yet: --set ${setName}=VALUE`
}

/** The bundle, what it runs, and its settings form with which answers are given. */
export function formatBundlePreview(
  preview: BundlePreview,
  answered: ReadonlySet<string>,
  serverName: string,
): string[] {
  const { info } = preview
  const author = [info.author.name, info.author.url ?? info.author.email]
    .filter((part) => part !== undefined)
    .map((part) => firstLine(part))
    .join(', ')
  const lines = [
    `Bundle: ${firstLine(info.displayName)} ${firstLine(info.version)} (${firstLine(info.name)})`,
    `  by ${author}`,
  ]
  if (info.description.trim() !== '') lines.push(`  ${firstLine(info.description)}`)
  const command = [info.server.command, ...info.server.args].map(firstLine).join(' ')
  lines.push(`  runs (${info.server.type}): ${command}`)
  if (info.server.envNames.length > 0) {
    lines.push(`  env: ${info.server.envNames.map(firstLine).join(', ')}`)
  }
  lines.push(
    `  ${info.fileCount} files, ${formatBytes(info.unpackedBytes)} unpacked; ` +
      (info.signed ? 'signed (MCP Desk does not verify the signature)' : 'not signed'),
  )
  lines.push(`  server name: "${firstLine(serverName)}"`)
  if (preview.existing) {
    const { id, name, sameBundle } = preview.existing
    lines.push(
      (sameBundle
        ? `  "${firstLine(name)}" (id ${id}) was installed from this bundle: --replace upgrades it, `
        : `  a server named "${firstLine(name)}" is configured (id ${id}): --replace replaces it, `) +
        '--name NAME installs beside it',
    )
  }
  if (info.userConfig.length > 0) {
    lines.push('', `Settings (${info.userConfig.length}; give them with --set KEY=VALUE):`)
    for (const field of info.userConfig) lines.push(...formatField(field, answered.has(field.key)))
  }
  if (info.notes.length > 0) {
    lines.push('', 'Notes:')
    for (const note of info.notes) lines.push(`  - ${terminalText(note)}`)
  }
  return lines
}

function formatField(field: UserConfigField, answered: boolean): string[] {
  const traits = [
    field.multiple ? `${field.type} (several)` : field.type,
    field.required ? 'required' : 'optional',
    ...(field.sensitive ? ['sensitive'] : []),
    ...(field.min !== undefined ? [`min ${field.min}`] : []),
    ...(field.max !== undefined ? [`max ${field.max}`] : []),
  ]
  const lines = [`  ${firstLine(field.key)}  ${traits.join(', ')}  ${firstLine(field.title)}`]
  if (field.description.trim() !== '') lines.push(`      ${firstLine(field.description)}`)
  lines.push(`      value: ${fieldValueText(field, answered)}`)
  return lines
}

function fieldValueText(field: UserConfigField, answered: boolean): string {
  if (answered) return 'given with --set'
  if (field.default !== undefined) {
    return `default ${field.sensitive ? '(hidden)' : firstLine(showValue(field.default))}`
  }
  return field.required ? `none yet: --set ${firstLine(field.key)}=VALUE (required)` : 'none (optional)'
}

function showValue(value: UserConfigValue): string {
  return Array.isArray(value) ? value.join(', ') : String(value)
}

/** The bundle preview for --json: the same, with a sensitive field's default left out. */
export function redactBundlePreview(preview: BundlePreview): Omit<BundlePreview, 'bundleId'> {
  const { bundleId: _held, ...rest } = preview
  return {
    ...rest,
    info: {
      ...rest.info,
      userConfig: rest.info.userConfig.map((field) => {
        if (!field.sensitive || field.default === undefined) return field
        const { default: _hidden, ...kept } = field
        return kept
      }),
    },
  }
}
