/**
 * Why a file could not be imported. The only error `parseMcpConfig` throws: callers show `message` as is
 * (it names what was wrong and, for syntax errors, where) and may branch on `code`.
 */
export type ConfigParseErrorCode =
  /** Larger than IMPORT_MAX_BYTES; refused before parsing. */
  | 'too-large'
  /** Nothing but whitespace (or comments). */
  | 'empty'
  /** Malformed JSON/JSONC, YAML or TOML, or nested deeper than any config is. */
  | 'syntax'
  /** Well-formed, but in none of the formats. */
  | 'not-mcp-config'
  /** In a known format, but it declares no server that could be imported. */
  | 'no-servers'
  /** Lists more servers than IMPORT_MAX_SERVERS. */
  | 'too-many-servers'

export class ConfigParseError extends Error {
  override readonly name = 'ConfigParseError'
  readonly code: ConfigParseErrorCode
  /** 1-based, when the error has a position. */
  readonly line: number | undefined
  /** 1-based, when the error has a position. */
  readonly column: number | undefined

  constructor(code: ConfigParseErrorCode, message: string, position?: { line: number; column: number }) {
    super(position ? `${message} (line ${position.line}, column ${position.column})` : message)
    this.code = code
    this.line = position?.line
    this.column = position?.column
  }
}

/** 1-based line and column of a 0-based UTF-16 offset into `text` (columns count UTF-16 units, as editors do). */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const clamped = Math.max(0, Math.min(offset, text.length))
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < clamped; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: clamped - lineStart + 1 }
}
