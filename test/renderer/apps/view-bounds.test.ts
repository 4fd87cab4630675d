import { describe, expect, it } from 'vitest'
import { parseArguments } from '../../../src/renderer/src/apps/open-view-action'
import { clampViewHeight, hostContext, resolvedTheme } from '../../../src/renderer/src/apps/view-host-context'
import { InFlightLimit, RateLimit } from '../../../src/renderer/src/apps/view-limits'

describe('view bounds', () => {
  it('clamps the frame height to 80–2000 px, whatever the view asks', () => {
    expect(clampViewHeight(10)).toBe(80)
    expect(clampViewHeight(1e9)).toBe(2000)
    expect(clampViewHeight(Number.NaN)).toBe(80)
    expect(clampViewHeight(400.4)).toBe(400)
  })

  it('rate-limits in a sliding window', () => {
    let now = 0
    const limit = new RateLimit(2, 1000, () => now)
    expect([limit.take(), limit.take(), limit.take()]).toEqual([true, true, false])
    now = 999
    expect(limit.take()).toBe(false)
    now = 1000
    expect(limit.take()).toBe(true)
  })

  it('refuses at once past the in-flight limit and frees a slot when a task ends', async () => {
    const limit = new InFlightLimit(1)
    let finish!: () => void
    const first = limit.run(
      () => new Promise<void>((resolve) => (finish = resolve)),
      () => new Error('busy'),
    )
    await expect(
      limit.run(
        () => Promise.resolve(1),
        () => new Error('busy'),
      ),
    ).rejects.toThrow('busy')
    finish()
    await first
    await expect(
      limit.run(
        () => Promise.resolve(2),
        () => new Error('busy'),
      ),
    ).resolves.toBe(2)
  })
})

describe('host context', () => {
  it('follows the system for the "system" theme and the choice otherwise', () => {
    const dark = { matchMedia: () => ({ matches: true }) as unknown as MediaQueryList }
    expect(resolvedTheme('system', dark)).toBe('dark')
    expect(resolvedTheme('light', dark)).toBe('light')
  })

  it('names the tool, the modes and where the view runs', () => {
    const context = hostContext({
      theme: 'dark',
      displayMode: 'fullscreen',
      platform: 'web',
      tool: undefined,
      toolName: 'get-time',
      window: { width: 1280, height: 800 },
      variables: { '--color-text-primary': 'rgb(0, 0, 0)' },
    })
    expect(context).toMatchObject({
      theme: 'dark',
      displayMode: 'fullscreen',
      availableDisplayModes: ['inline', 'fullscreen'],
      platform: 'web',
      containerDimensions: { width: 1280, height: 800 },
      toolInfo: { tool: { name: 'get-time', inputSchema: { type: 'object' } } },
      styles: { variables: { '--color-text-primary': 'rgb(0, 0, 0)' } },
    })
    expect(typeof context.timeZone).toBe('string')
  })
})

describe('Open view arguments', () => {
  it('accepts a JSON object (empty text is {}) and says why anything else is refused', () => {
    expect(parseArguments('')).toEqual({ ok: true, value: {} })
    expect(parseArguments('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } })
    expect(parseArguments('null')).toMatchObject({ ok: false })
    expect(parseArguments('"x"')).toMatchObject({ ok: false, error: expect.stringContaining('JSON object') })
    expect(parseArguments('{')).toMatchObject({ ok: false, error: expect.stringContaining('Not valid JSON') })
  })
})
