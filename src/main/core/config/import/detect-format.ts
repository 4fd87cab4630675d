import { claudeCodeFormat } from './claude-code-format'
import { claudeDesktopFormat } from './claude-desktop-format'
import { clineFormat } from './cline-format'
import { codexFormat } from './codex-format'
import { cursorFormat } from './cursor-format'
import type { FormatParser } from './format-parser'
import { geminiFormat } from './gemini-format'
import { gooseFormat } from './goose-format'
import { opencodeFormat } from './opencode-format'
import { vscodeFormat, vscodeSettingsFormat } from './vscode-format'
import { windsurfFormat } from './windsurf-format'
import { zedFormat } from './zed-format'
import { serverJsonFormat } from '../../registry/install/server-json-format'

/**
 * Every format, in the order that breaks a tie no file name settles: the plainest `mcpServers` file is
 * Claude Desktop's (the shape the others copied), then Cursor's, the most common of the copies.
 */
export const FORMAT_PARSERS: readonly FormatParser[] = [
  claudeDesktopFormat,
  cursorFormat,
  claudeCodeFormat,
  windsurfFormat,
  clineFormat,
  geminiFormat,
  vscodeFormat,
  vscodeSettingsFormat,
  zedFormat,
  opencodeFormat,
  gooseFormat,
  codexFormat,
  serverJsonFormat,
]

/**
 * The format whose features the document shows most; among equals, the one the file name belongs to, else
 * the first in FORMAT_PARSERS. Undefined when no format recognises the document at all.
 */
export function detectFormat(document: Record<string, unknown>, fileName?: string): FormatParser | undefined {
  const scored = FORMAT_PARSERS.map((parser) => ({ parser, score: safeScore(parser, document) }))
  const best = Math.max(...scored.map(({ score }) => score))
  if (best <= 0) return undefined
  const leaders = scored.filter(({ score }) => score === best).map(({ parser }) => parser)
  const base = fileName === undefined ? undefined : baseName(fileName)
  const named =
    base === undefined ? undefined : leaders.find((parser) => parser.fileNames.some((re) => re.test(base)))
  return named ?? leaders[0]
}

function safeScore(parser: FormatParser, document: Record<string, unknown>): number {
  try {
    const score = parser.score(document)
    return Number.isFinite(score) ? score : 0
  } catch {
    // Scores only look at shapes; a document that surprises one still gets a verdict from the others.
    return 0
  }
}

function baseName(fileName: string): string {
  const parts = fileName.split(/[\\/]/)
  return parts[parts.length - 1] ?? fileName
}
