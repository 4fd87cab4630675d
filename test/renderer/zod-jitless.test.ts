// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import '../../src/renderer/src/zod-jitless'

describe('zod-jitless', () => {
  it('turns off zod JIT so it never probes eval under the page CSP', () => {
    expect(z.config().jitless).toBe(true)
  })
})
