import { join } from 'node:path'
import type { JsonDocument } from './json-document'
import { SharedFile } from './shared-file'

/**
 * `<home>/settings.json` for the desktop app, web mode and the CLI: a SharedFile, so each write is a
 * read-modify-write under the profile's lock, replaced atomically (temp file, fsync, rename) in every
 * environment. conf and electron-store, used before, kept the document in memory (a write put back what
 * they had read at start) and wrote in place when `SNAP` was set.
 */
export class SettingsFileDocument implements JsonDocument {
  readonly path: string
  readonly #file: SharedFile

  constructor(home: string) {
    this.path = join(home, 'settings.json')
    // Literal env and header values live in this file and are treated as secrets: owner-only.
    this.#file = new SharedFile(this.path, { mode: 0o600 })
  }

  read(): unknown {
    const text = this.#file.readText()
    return text === undefined ? undefined : parseSettingsText(text, this.path)
  }

  update(change: (current: unknown) => Record<string, unknown> | undefined): void {
    this.#file.update((text) => {
      const next = change(text === undefined ? undefined : parseSettingsText(text, this.path))
      // Tabs, as conf wrote the file, so a profile written by an earlier build does not change shape.
      return next === undefined ? undefined : `${JSON.stringify(next, null, '\t')}\n`
    })
  }

  locked<T>(use: () => T): T {
    return this.#file.locked(use)
  }

  watch(onChange: () => void): () => void {
    return this.#file.watch(onChange)
  }
}

/**
 * Strict: `[1, 2]` or `null` is not an empty document (conf read them so, and a broken file would have been
 * replaced by defaults). The JSON parser's own message is not passed on: it quotes the file around the
 * error, and the file can hold literal env values. The line and column are safe to show.
 */
export function parseSettingsText(text: string, path: string): Record<string, unknown> {
  let value: unknown
  const body = text.replace(/^\uFEFF/, '')
  try {
    value = JSON.parse(body)
  } catch (error) {
    // No cause on purpose: the parser's message quotes the file, and a logged cause would carry it along.
    // eslint-disable-next-line preserve-caught-error
    throw new SyntaxError(`${path} is not valid JSON${whereParsingStopped(body, error)}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    throw new SyntaxError(`${path} must hold a JSON object, but its top level is ${kind}`)
  }
  return value as Record<string, unknown>
}

/** ` (line 3, column 7)` from V8's "at position N" / "line L column C", or nothing when it says neither. */
function whereParsingStopped(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  const lineColumn = /line (\d+) column (\d+)/.exec(message)
  if (lineColumn) return ` (line ${lineColumn[1]}, column ${lineColumn[2]})`
  const position = /position (\d+)/.exec(message)
  if (position) {
    const before = text.slice(0, Number(position[1]))
    const line = before.split('\n').length
    return ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`
  }
  return message.includes('Unexpected end') ? ' (it ends too early)' : ''
}
