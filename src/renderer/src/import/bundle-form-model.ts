import type {
  BundleInfo,
  BundleInstallRequest,
  BundlePreview,
  UserConfigField,
  UserConfigValue,
} from '../../../shared/import/bundle-info'

/**
 * The bundle install form's data and its translation to the answers `import:install-bundle` takes. Pure,
 * so the rules (what counts as empty, how numbers and path lists are read, which problem shows where) are
 * tested without rendering. The host checks everything again; these checks only save a round trip and put
 * each problem beside its field.
 */

export interface BundleFormState {
  /** The server's name in the list. */
  name: string
  /** Replace the configured server of the same name (only offered when the preview found one). */
  replace: boolean
  /**
   * One entry per user_config key: text as typed for string, number, directory and file fields (a
   * `multiple` path field holds one path per line); a boolean field's checkbox state.
   */
  values: Record<string, string | boolean>
}

/** What the store's `installBundle` takes. */
export type BundleAnswers = Omit<BundleInstallRequest, 'bundleId'>

/**
 * Problems beside their fields: the server name's, and each user_config field's by key. Kept apart
 * because `name` is also a valid user_config key.
 */
export interface BundleFormErrors {
  name?: string
  fields: Record<string, string>
}

/** The server name is capped by the install request's schema. */
const NAME_MAX = 200

function initialValue(field: UserConfigField): string | boolean {
  const given = field.default
  if (field.type === 'boolean') return given === true || given === 'true'
  if (given === undefined) return ''
  if (Array.isArray(given)) return given.join('\n')
  return String(given)
}

/**
 * The form as first shown: defaults filled in (the host already expanded `${HOME}` and friends), the
 * name the bundle's display name, and replacing off so an upgrade is always the user's explicit choice.
 * With a configured server of the same name, its spelling is kept, since the host matches names without
 * regard to case and replacing should not rename it.
 */
export function initialBundleForm(info: BundleInfo, existing?: BundlePreview['existing']): BundleFormState {
  return {
    name: existing?.name ?? info.displayName,
    replace: false,
    values: Object.fromEntries(info.userConfig.map((field) => [field.key, initialValue(field)])),
  }
}

/** The lines of a `multiple` path field: surrounding spaces trimmed, blank lines dropped. */
export function splitPathLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/**
 * Absolute on either family, since the browser cannot tell which platform the host runs on (web mode);
 * the host rejects the other family's paths with its own message.
 */
export function looksAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')
}

type Checked = { value: UserConfigValue } | { problem: string } | { empty: true }

function checkNumber(field: UserConfigField, text: string): Checked {
  const trimmed = text.trim()
  if (trimmed === '') return { empty: true }
  const number = Number(trimmed)
  if (!Number.isFinite(number)) return { problem: `${field.title} must be a number` }
  if (field.min !== undefined && number < field.min) {
    return { problem: `${field.title} must be at least ${field.min}` }
  }
  if (field.max !== undefined && number > field.max) {
    return { problem: `${field.title} must be at most ${field.max}` }
  }
  return { value: number }
}

function checkPaths(field: UserConfigField, text: string): Checked {
  const paths = field.multiple ? splitPathLines(text) : [text.trim()].filter((path) => path !== '')
  if (paths.length === 0) return { empty: true }
  const relative = paths.find((path) => !looksAbsolute(path))
  if (relative !== undefined) {
    return {
      problem:
        paths.length > 1
          ? `"${relative}" is not an absolute path`
          : `${field.title} must be an absolute path`,
    }
  }
  return { value: field.multiple ? paths : paths[0]! }
}

function checkField(field: UserConfigField, raw: string | boolean | undefined): Checked {
  if (field.type === 'boolean') return { value: raw === true }
  const text = typeof raw === 'string' ? raw : ''
  switch (field.type) {
    case 'number':
      return checkNumber(field, text)
    case 'directory':
    case 'file':
      return checkPaths(field, text)
    case 'string': {
      // Surrounding spaces in a pasted key or URL are a copying accident, never part of the value.
      const trimmed = text.trim()
      return trimmed === '' ? { empty: true } : { value: trimmed }
    }
  }
}

/**
 * Every problem at once, by field; `answers` only when there are none. Answers are typed per field
 * (number → number, boolean → boolean, `multiple` → string[]); an optional field left empty is left out,
 * so the host falls back to the manifest's default.
 */
export function validateBundleForm(
  info: BundleInfo,
  form: BundleFormState,
): { errors: BundleFormErrors; answers?: BundleAnswers } {
  const errors: BundleFormErrors = { fields: {} }
  const userConfig: Record<string, UserConfigValue> = {}
  const name = form.name.trim()
  if (name === '') errors.name = 'Give the server a name'
  else if (name.length > NAME_MAX) errors.name = `The name is at most ${NAME_MAX} characters`

  for (const field of info.userConfig) {
    const checked = checkField(field, form.values[field.key])
    if ('problem' in checked) errors.fields[field.key] = checked.problem
    else if ('value' in checked) userConfig[field.key] = checked.value
    else if (field.required) errors.fields[field.key] = `${field.title} is required`
  }

  if (errors.name !== undefined || Object.keys(errors.fields).length > 0) return { errors }
  return { errors, answers: { userConfig, name, replace: form.replace } }
}
