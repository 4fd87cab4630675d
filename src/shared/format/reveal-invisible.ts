/**
 * Makes characters that render as nothing (or reorder what is around them) visible, so a tool description
 * cannot hide instructions from the person approving it: zero-width spaces and joiners, the BOM, bidi
 * controls, tag characters ("ASCII smuggling"), other format (Cf) and control (Cc) characters, line and
 * paragraph separators, and a few letters that are blank by design (Hangul fillers, braille blank).
 * Tab and newline stay as they are: they are visible layout, and descriptions use them legitimately.
 */

export type RevealedSegment =
  | { kind: 'text'; text: string }
  | {
      kind: 'hidden'
      /** The code point the escape stands for, e.g. 0x200b. */
      codePoint: number
      /** What is shown instead, e.g. `⟦U+200B⟧`. */
      escape: string
      /** A human name for the tooltip, e.g. `ZERO WIDTH SPACE`. */
      name: string
    }

export interface RevealedText {
  segments: RevealedSegment[]
  /** How many characters were replaced by escapes; 0 means the text is exactly what it looks like. */
  hiddenCount: number
}

const names: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2800: 'BRAILLE PATTERN BLANK',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BOM)',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
}

/** Blank letters and marks that are not in Cf/Cc but still render as nothing. */
const blankByDesign = new Set([0x034f, 0x115f, 0x1160, 0x2800, 0x3164, 0xffa0])
const formatOrControl = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$/u

function isVariationSelector(codePoint: number): boolean {
  return (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
}

/**
 * Emoji presentation selectors (U+FE0E/U+FE0F) right after an ordinary character are how `❤️` is spelled,
 * so they stay. Any other selector, or a run of them, can carry hidden bytes and is revealed.
 */
function isHarmlessSelector(codePoint: number, previous: number | undefined): boolean {
  return (
    (codePoint === 0xfe0e || codePoint === 0xfe0f) &&
    previous !== undefined &&
    !isVariationSelector(previous) &&
    !isHidden(previous, undefined)
  )
}

function isHidden(codePoint: number, previous: number | undefined): boolean {
  if (codePoint === 0x09 || codePoint === 0x0a) return false
  if (isVariationSelector(codePoint)) return !isHarmlessSelector(codePoint, previous)
  if (blankByDesign.has(codePoint)) return true
  return formatOrControl.test(String.fromCodePoint(codePoint))
}

export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
}

function nameOf(codePoint: number): string {
  const known = names[codePoint]
  if (known) return known
  if (codePoint >= 0xe0020 && codePoint <= 0xe007e) {
    return `TAG CHARACTER for “${String.fromCodePoint(codePoint - 0xe0000)}”`
  }
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return 'TAG CHARACTER'
  if (isVariationSelector(codePoint)) return 'VARIATION SELECTOR'
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return 'CONTROL CHARACTER'
  return 'INVISIBLE FORMAT CHARACTER'
}

/** Splits `text` into plain runs and one escape per hidden character; joining never loses a character. */
export function revealInvisible(text: string): RevealedText {
  const segments: RevealedSegment[] = []
  let plain = ''
  let hiddenCount = 0
  let previous: number | undefined
  const chars = Array.from(text)
  chars.forEach((char, index) => {
    const codePoint = char.codePointAt(0) ?? 0
    // CRLF is an ordinary line break; a lone CR is not.
    const isLineBreakCr = codePoint === 0x0d && chars[index + 1] === '\n'
    if (isLineBreakCr || !isHidden(codePoint, previous)) {
      plain += char
    } else {
      if (plain) segments.push({ kind: 'text', text: plain })
      plain = ''
      hiddenCount++
      segments.push({
        kind: 'hidden',
        codePoint,
        escape: `⟦${codePointLabel(codePoint)}⟧`,
        name: nameOf(codePoint),
      })
    }
    previous = codePoint
  })
  if (plain) segments.push({ kind: 'text', text: plain })
  return { segments, hiddenCount }
}

/** The text as a single string with every hidden character replaced by its escape (for copies and titles). */
export function revealedString(text: string): string {
  return revealInvisible(text)
    .segments.map((segment) => (segment.kind === 'text' ? segment.text : segment.escape))
    .join('')
}
