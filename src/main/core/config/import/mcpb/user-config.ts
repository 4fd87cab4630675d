import path from 'node:path'
import { IpcFailure } from '../../../../../shared/ipc/ipc-error'
import type { UserConfigField, UserConfigValue } from '../../../../../shared/import/bundle-info'
import type { Manifest } from './manifest-schema'
import { expandSystemVariables, type SubstitutionValue, type SystemDirs } from './substitute-variables'

/**
 * The bundle's `user_config` as a form, and the user's answers checked against it. Answers may come from
 * the form (typed values) or the command line (`--set KEY=VALUE`, all text), so a number or a toggle given
 * as text is read as one. Every problem is reported at once, each naming the field.
 */

function expandDefault(value: UserConfigValue, dirs: SystemDirs, platform: NodeJS.Platform): UserConfigValue {
  if (typeof value === 'string') return expandSystemVariables(value, dirs, platform)
  if (Array.isArray(value)) return value.map((item) => expandSystemVariables(item, dirs, platform))
  return value
}

/** The form, in manifest order, with folder variables in defaults expanded. */
export function userConfigFields(
  manifest: Manifest,
  dirs: SystemDirs,
  platform: NodeJS.Platform,
): UserConfigField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, option]) => ({
    key,
    type: option.type,
    title: option.title,
    description: option.description,
    required: option.required,
    sensitive: option.sensitive,
    multiple: option.multiple,
    ...(option.default === undefined ? {} : { default: expandDefault(option.default, dirs, platform) }),
    ...(option.min === undefined ? {} : { min: option.min }),
    ...(option.max === undefined ? {} : { max: option.max }),
  }))
}

function isEmpty(value: UserConfigValue | undefined): boolean {
  if (value === undefined || value === '') return true
  return Array.isArray(value) && (value.length === 0 || value.some((item) => item === ''))
}

function label(field: UserConfigField): string {
  return `"${field.title}" (${field.key})`
}

function asNumber(value: UserConfigValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim())
    return Number.isFinite(parsed) ? parsed : undefined
  }
  return undefined
}

function asBoolean(value: UserConfigValue): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 'true') return true
  if (value === 'false') return false
  return undefined
}

/** One field's value as substitution text, or the problem with it. */
function checkValue(
  field: UserConfigField,
  value: UserConfigValue,
  platform: NodeJS.Platform,
): { ok: SubstitutionValue } | { problem: string } {
  switch (field.type) {
    case 'number': {
      const number = asNumber(value)
      if (number === undefined) return { problem: `${label(field)} must be a number` }
      if (field.min !== undefined && number < field.min) {
        return { problem: `${label(field)} must be at least ${field.min} (got ${number})` }
      }
      if (field.max !== undefined && number > field.max) {
        return { problem: `${label(field)} must be at most ${field.max} (got ${number})` }
      }
      return { ok: String(number) }
    }
    case 'boolean': {
      const flag = asBoolean(value)
      if (flag === undefined) return { problem: `${label(field)} must be true or false` }
      return { ok: flag ? 'true' : 'false' }
    }
    case 'string':
      if (typeof value !== 'string') return { problem: `${label(field)} must be text` }
      return { ok: value }
    case 'directory':
    case 'file': {
      const paths = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined
      if (paths === undefined) return { problem: `${label(field)} must be a ${field.type} path` }
      if (paths.length > 1 && !field.multiple) return { problem: `${label(field)} takes one ${field.type}` }
      const platformPath = platform === 'win32' ? path.win32 : path.posix
      const relative = paths.find((item) => !platformPath.isAbsolute(item))
      if (relative !== undefined) {
        return { problem: `${label(field)} must be an absolute ${field.type} path (got "${relative}")` }
      }
      return { ok: field.multiple ? paths : paths[0] }
    }
  }
}

/**
 * Checks the answers and returns every declared key with its substitution value (`undefined` for an
 * optional field left empty with no default). Throws `validation_failed` naming each problem.
 */
export function resolveUserConfig(
  fields: readonly UserConfigField[],
  answers: Readonly<Record<string, UserConfigValue>>,
  platform: NodeJS.Platform,
): Map<string, SubstitutionValue> {
  const problems: string[] = []
  const known = new Set(fields.map((field) => field.key))
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) problems.push(`"${key}" is not a setting of this bundle`)
  }
  const values = new Map<string, SubstitutionValue>()
  for (const field of fields) {
    const answer = Object.hasOwn(answers, field.key) ? answers[field.key] : undefined
    const value = isEmpty(answer) ? field.default : answer
    if (value === undefined || isEmpty(value)) {
      if (field.required) problems.push(`${label(field)} is required`)
      values.set(field.key, undefined)
      continue
    }
    const checked = checkValue(field, value, platform)
    if ('problem' in checked) problems.push(checked.problem)
    else values.set(field.key, checked.ok)
  }
  if (problems.length > 0) {
    throw new IpcFailure('validation_failed', `The bundle's settings are not valid: ${problems.join('; ')}`)
  }
  return values
}
