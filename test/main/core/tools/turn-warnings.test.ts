import { describe, expect, it } from 'vitest'
import { TurnWarnings } from '../../../../src/main/core/tools/turn-warnings'

describe('TurnWarnings', () => {
  it('passes a warning on when it appears, once per turn, and again only after a turn without it', () => {
    const logged: string[] = []
    const warnings = new TurnWarnings((line) => logged.push(line))
    const turn = (...lines: string[]) =>
      warnings.during((log) => {
        for (const line of lines) log(line)
        return lines.length
      })
    expect(turn('clash a', 'clash a')).toBe(2)
    turn('clash a', 'clash b')
    turn('clash b')
    turn('clash a')
    expect(logged).toEqual(['clash a', 'clash b', 'clash a'])
  })
})
