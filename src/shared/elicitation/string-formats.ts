import type { StringFormat } from './elicitation-card'

/**
 * The four string formats elicitation allows, checked the way JSON Schema defines them: `date` and
 * `date-time` per RFC 3339 (a real calendar day; date-time with seconds and an offset), `uri` an absolute
 * URI with a scheme, `email` one address (no spaces, one @, something on each side).
 */
export function matchesFormat(value: string, format: StringFormat): boolean {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+$/u.test(value)
    case 'uri':
      return isAbsoluteUri(value)
    case 'date':
      return isDate(value)
    case 'date-time':
      return isDateTime(value)
  }
}

/** How each format is described to the user, in an error or next to a field. */
export const FORMAT_DESCRIPTIONS: Record<StringFormat, string> = {
  email: 'an email address',
  uri: 'a URI such as https://example.com',
  date: 'a date such as 2025-01-31',
  'date-time': 'a date and time such as 2025-01-31T09:30:00Z',
}

function isAbsoluteUri(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\S+$/iu.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth
}

function isDateTime(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/u.exec(
    value,
  )
  if (!match || !isDate(match[1]!)) return false
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])]
  // 60 is a leap second, which RFC 3339 allows.
  if (hour > 23 || minute > 59 || second > 60) return false
  if (match[7] !== undefined && (Number(match[7]) > 23 || Number(match[8]) > 59)) return false
  return true
}

/**
 * A browser's `<input type="datetime-local">` value (`2025-01-31T09:30`, the user's local time, no offset)
 * as the RFC 3339 date-time the schema asks for, in UTC. Empty or unreadable input gives undefined.
 */
export function fromDateTimeLocal(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/u.test(local)) return undefined
  const time = new Date(local)
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString().replace(/\.000Z$/u, 'Z')
}

/** The other way, for pre-filling a datetime-local input from a default: local time to the minute. */
export function toDateTimeLocal(dateTime: string): string | undefined {
  if (!isDateTime(dateTime)) return undefined
  const time = new Date(dateTime)
  const pad = (value: number): string => String(value).padStart(2, '0')
  return (
    `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}` +
    `T${pad(time.getHours())}:${pad(time.getMinutes())}`
  )
}
