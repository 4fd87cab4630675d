import type { ProviderConfig } from '../../shared/models/model-schema'
import { maskUrl } from '../../shared/settings/settings-view'
import { displayWidth, firstLine, truncate } from './terminal-text'

const GAP = '  '
const MAX_NAME_WIDTH = 20
/** The URL column never gets narrower than this, even when names are long. */
const MIN_URL_WIDTH = 16

/** Whether a provider's API key is usable: `missing` when settings name a secret the store does not hold. */
export type KeyState = 'yes' | 'no' | 'missing'

export function keyStateOf(provider: ProviderConfig, storedSecrets: ReadonlySet<string>): KeyState {
  if (!provider.apiKey) return 'no'
  return storedSecrets.has(provider.apiKey.secret) ? 'yes' : 'missing'
}

/**
 * `mcp-desk providers` as aligned columns within `width`; the base URL (credentials and query values
 * masked) comes last and is cut to what is left, marked with ….
 */
export function formatProvidersTable(
  providers: readonly ProviderConfig[],
  keyStates: readonly KeyState[],
  width = 80,
): string[] {
  const columns = [
    { header: 'ID', cells: providers.map((provider) => provider.id) },
    {
      header: 'NAME',
      cells: providers.map((provider) => truncate(firstLine(provider.name), MAX_NAME_WIDTH)),
    },
    { header: 'PRESET', cells: providers.map((provider) => provider.preset) },
    { header: 'KEY', cells: keyStates.map((state) => state) },
    {
      header: 'MODELS',
      cells: providers.map((provider) => String(provider.models.length)),
      alignRight: true,
    },
  ]
  const widths = columns.map((column) =>
    Math.max(displayWidth(column.header), ...column.cells.map(displayWidth)),
  )
  const used = widths.reduce((sum, w) => sum + w + GAP.length, 0)
  const urlWidth = Math.max(MIN_URL_WIDTH, width - used)
  const urls = providers.map((provider) => truncate(firstLine(maskUrl(provider.baseUrl)), urlWidth))

  const row = (cells: string[], url: string): string => {
    const padded = cells.map((cell, index) => {
      const pad = ' '.repeat((widths[index] ?? 0) - displayWidth(cell))
      return columns[index]?.alignRight ? pad + cell : cell + pad
    })
    return [...padded, url].join(GAP).trimEnd()
  }
  return [
    row(
      columns.map((column) => column.header),
      'BASE URL',
    ),
    ...providers.map((_, index) =>
      row(
        columns.map((column) => column.cells[index] ?? ''),
        urls[index] ?? '',
      ),
    ),
  ]
}
