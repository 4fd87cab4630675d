import { createScanner, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser'
import { parse as parseToml, TomlError } from 'smol-toml'
import { parse as parseYaml, YAMLError } from 'yaml'
import { IMPORT_MAX_BYTES } from '../../../../shared/import/import-types'
import { ConfigParseError, positionAt } from './config-parse-error'

/**
 * Turns the text of a config file into a plain value: JSON with comments and trailing commas (VS Code,
 * Zed, opencode and Claude files all allow or contain them), YAML (Goose) or TOML (Codex). The syntax is
 * told from the content, never from the file name. Every failure is a ConfigParseError with a position
 * when the parser gives one; nothing else escapes.
 */

export type ConfigSyntax = 'json' | 'yaml' | 'toml'

export interface ReadDocument {
  syntax: ConfigSyntax
  value: unknown
}

/** No config nests this deep; a limit keeps a hostile file from exhausting the stack in any parser. */
export const MAX_NESTING = 64

export function readConfigText(text: string): ReadDocument {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > IMPORT_MAX_BYTES) {
    throw new ConfigParseError(
      'too-large',
      `The file is ${formatMiB(bytes)}; MCP config files larger than ${formatMiB(IMPORT_MAX_BYTES)} are refused`,
    )
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (body.trim() === '') throw new ConfigParseError('empty', 'The file is empty')
  try {
    const document = readBody(body)
    if (document.value === null || document.value === undefined) {
      throw new ConfigParseError('empty', 'The file holds no settings (only comments or whitespace)')
    }
    return document
  } catch (error) {
    if (error instanceof ConfigParseError) throw error
    // A parser that recursed too deep or tripped over input it did not expect: still a syntax problem.
    throw new ConfigParseError('syntax', `The file could not be read: ${describe(error)}`)
  }
}

function readBody(body: string): ReadDocument {
  if (startsLikeJson(body)) return { syntax: 'json', value: readJson(body) }
  if (looksLikeToml(body)) {
    try {
      return { syntax: 'toml', value: sanitize(parseToml(body, { maxDepth: MAX_NESTING }), 0) }
    } catch (tomlError) {
      // A YAML file can contain a line that looks like TOML; it counts as YAML only if it parses to a mapping.
      const yaml = tryYamlMapping(body)
      if (yaml !== undefined) return { syntax: 'yaml', value: yaml }
      throw tomlSyntaxError(tomlError)
    }
  }
  return { syntax: 'yaml', value: readYaml(body) }
}

/**
 * The first character that is not whitespace or a `//`/`/* *\/` comment opens an object, or an array that
 * is not a TOML table header (`[mcp_servers.docs]` opens a Codex file).
 */
function startsLikeJson(body: string): boolean {
  const scanner = createScanner(body, true)
  const token = Number(scanner.scan())
  if (token === OPEN_BRACE) return true
  if (token !== OPEN_BRACKET) return false
  const start = scanner.getTokenOffset()
  const lineEnd = body.indexOf('\n', start)
  return !TOML_TABLE_HEADER.test(body.slice(start, lineEnd === -1 ? undefined : lineEnd))
}

const TOML_TABLE_HEADER = /^[ \t]*\[{1,2}[ \t]*[A-Za-z0-9_"'-][A-Za-z0-9_.\-"' \t]*\]{1,2}[ \t]*(#.*)?$/m
const TOML_KEY_VALUE = /^[ \t]*[A-Za-z0-9_."'-]+[ \t]*=/m

function looksLikeToml(body: string): boolean {
  return TOML_TABLE_HEADER.test(body) || TOML_KEY_VALUE.test(body)
}

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: the codes it documents.
const OPEN_BRACE = 1
const CLOSE_BRACE = 2
const OPEN_BRACKET = 3
const CLOSE_BRACKET = 4
const EOF = 17

function readJson(body: string): unknown {
  checkJsonNesting(body)
  const errors: ParseError[] = []
  const tree = parseTree(body, errors, { allowTrailingComma: true, disallowComments: false })
  const first = errors[0]
  if (first) {
    throw new ConfigParseError(
      'syntax',
      `Malformed JSON: ${jsonErrorText(printParseErrorCode(first.error))}`,
      positionAt(body, first.offset),
    )
  }
  return tree === undefined ? undefined : nodeValue(tree)
}

/** parseTree recurses once per level: refuse absurd nesting first, with the place where it gets too deep. */
function checkJsonNesting(body: string): void {
  const scanner = createScanner(body, true)
  let depth = 0
  for (let token = Number(scanner.scan()); token !== EOF; token = Number(scanner.scan())) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      if (++depth > MAX_NESTING) {
        throw new ConfigParseError(
          'syntax',
          `The file nests objects or arrays more than ${MAX_NESTING} levels deep`,
          positionAt(body, scanner.getTokenOffset()),
        )
      }
    } else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1)
    }
  }
}

/** Builds the value from the syntax tree, so a `__proto__` key is skipped rather than setting a prototype. */
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? []
        if (key === undefined || value === undefined || typeof key.value !== 'string') continue
        if (key.value === '__proto__') continue
        out[key.value] = nodeValue(value)
      }
      return out
    }
    case 'array':
      return (node.children ?? []).map(nodeValue)
    default:
      return node.value as unknown
  }
}

const JSON_ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a ":" was expected',
  CommaExpected: 'a "," was expected',
  CloseBraceExpected: 'a closing "}" was expected',
  CloseBracketExpected: 'a closing "]" was expected',
  EndOfFileExpected: 'text after the end of the document',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number ends too early',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
}

function jsonErrorText(code: string): string {
  return JSON_ERROR_TEXT[code] ?? code
}

function readYaml(body: string): unknown {
  try {
    return sanitize(parseYaml(body, { prettyErrors: true, maxAliasCount: 100, logLevel: 'error' }), 0)
  } catch (error) {
    if (error instanceof YAMLError) {
      const at = error.linePos?.[0]
      const message = firstLine(error.message).replace(/ at line \d+, column \d+:?$/, '')
      throw new ConfigParseError(
        'syntax',
        `Malformed YAML: ${message}`,
        at && { line: at.line, column: at.col },
      )
    }
    throw error
  }
}

function tryYamlMapping(body: string): Record<string, unknown> | undefined {
  try {
    const value = readYaml(body)
    return isPlainRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

function tomlSyntaxError(error: unknown): unknown {
  if (!(error instanceof TomlError)) return error
  const message = firstLine(error.message).replace(/^Invalid TOML document: /, '')
  return new ConfigParseError('syntax', `Malformed TOML: ${message}`, {
    line: error.line,
    column: error.column,
  })
}

/**
 * Plain objects, arrays and scalars only: `__proto__` keys dropped, null-prototype tables (TOML) made
 * ordinary, dates (TOML, YAML) turned into their ISO text, and nesting bounded.
 */
function sanitize(value: unknown, depth: number): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString()
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_NESTING) {
    throw new ConfigParseError('syntax', `The file nests values more than ${MAX_NESTING} levels deep`)
  }
  if (Array.isArray(value)) return value.map((item) => sanitize(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') continue
    out[key] = sanitize(item, depth + 1)
  }
  return out
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]?.trim() ?? ''
}

function describe(error: unknown): string {
  if (error instanceof RangeError) return 'it is nested too deeply'
  return error instanceof Error ? firstLine(error.message) : 'unexpected content'
}

function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`
}
