// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { codePointLabel, revealInvisible, revealedString } from '../../../src/shared/format/reveal-invisible'

function hiddenOf(text: string) {
  return revealInvisible(text).segments.filter((segment) => segment.kind === 'hidden')
}

describe('revealInvisible', () => {
  it('shows a zero-width space as a visible escape and keeps the text around it', () => {
    const revealed = revealInvisible('read\u200Bfiles')
    expect(revealed.hiddenCount).toBe(1)
    expect(revealed.segments).toEqual([
      { kind: 'text', text: 'read' },
      { kind: 'hidden', codePoint: 0x200b, escape: '⟦U+200B⟧', name: 'ZERO WIDTH SPACE' },
      { kind: 'text', text: 'files' },
    ])
  })

  it('reveals the right-to-left override that reverses what follows it', () => {
    expect(revealedString('safe \u202Etxt.exe')).toBe('safe ⟦U+202E⟧txt.exe')
    expect(hiddenOf('\u202E')[0]?.name).toBe('RIGHT-TO-LEFT OVERRIDE')
  })

  it('reveals a byte order mark anywhere, including at the start', () => {
    expect(revealedString('\uFEFFList notes')).toBe('⟦U+FEFF⟧List notes')
  })

  it('reveals control characters such as BEL, but keeps tabs and line breaks as layout', () => {
    expect(revealedString('ding\u0007')).toBe('ding⟦U+0007⟧')
    expect(hiddenOf('\u0007')[0]?.name).toBe('CONTROL CHARACTER')
    expect(revealInvisible('a\tb\nc\r\nd').hiddenCount).toBe(0)
    expect(revealedString('a\rb')).toBe('a⟦U+000D⟧b')
  })

  it('reveals every bidi control, joiners and other format characters', () => {
    const sneaky =
      '\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u2060\u00AD\u061C'
    expect(revealInvisible(sneaky).hiddenCount).toBe(Array.from(sneaky).length)
  })

  it('names tag characters by the letter they smuggle, and counts astral characters once', () => {
    const smuggled = 'ok' + String.fromCodePoint(0xe0049, 0xe0047, 0xe004e)
    const hidden = hiddenOf(smuggled)
    expect(hidden.map((segment) => segment.escape)).toEqual(['⟦U+E0049⟧', '⟦U+E0047⟧', '⟦U+E004E⟧'])
    expect(hidden[0]?.name).toBe('TAG CHARACTER for “I”')
  })

  it('keeps an emoji presentation selector but reveals runs of variation selectors', () => {
    expect(revealInvisible('love \u2764\uFE0F').hiddenCount).toBe(0)
    expect(revealInvisible('x\uFE00').hiddenCount).toBe(1)
    expect(revealInvisible('\u2764\uFE0F\uFE0F\uFE0E').hiddenCount).toBe(2)
    expect(revealInvisible('a' + String.fromCodePoint(0xe0100)).hiddenCount).toBe(1)
  })

  it('reveals letters that are blank by design', () => {
    expect(revealedString('a\u3164b\u2800c')).toBe('a⟦U+3164⟧b⟦U+2800⟧c')
  })

  it('leaves ordinary text, accents and other scripts alone', () => {
    const text = 'Crée une note — 笔记 — заметка ✓ “quoted”'
    expect(revealInvisible(text)).toEqual({ segments: [{ kind: 'text', text }], hiddenCount: 0 })
    expect(revealInvisible('')).toEqual({ segments: [], hiddenCount: 0 })
  })

  it('formats code points with at least four upper-case hex digits', () => {
    expect(codePointLabel(0x7)).toBe('U+0007')
    expect(codePointLabel(0xe0041)).toBe('U+E0041')
  })
})
