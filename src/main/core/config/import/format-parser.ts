import type { ImportFormat } from '../../../../shared/import/import-types'
import type { FormatResult } from './server-builder'

/**
 * One client's config format. Detection asks every format for a score and takes the highest; the file name
 * is only consulted when formats tie, since users rename and paste files.
 */
export interface FormatParser {
  readonly format: ImportFormat
  /** The names this client saves its config under; only used to break a tie between equal scores. */
  readonly fileNames: readonly RegExp[]
  /** 0 when the document is not in this format; higher the more it shows what only this format has. */
  score(document: Record<string, unknown>): number
  /** Maps the document; only called when `score` was above 0. Never throws for any document. */
  parse(document: Record<string, unknown>): FormatResult
}
