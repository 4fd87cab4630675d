import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import react from '@vitejs/plugin-react'
import {
  cspScriptHash,
  DEV_INLINE_SCRIPT_HASHES,
  REACT_REFRESH_PREAMBLE,
} from '../../../../src/main/core/security/dev-inline-scripts'

describe('dev inline scripts', () => {
  it('matches the preamble the installed @vitejs/plugin-react injects into the dev page', () => {
    const { preambleCode } = react as unknown as { preambleCode: string }
    expect(REACT_REFRESH_PREAMBLE).toBe(preambleCode.replace('__BASE__', '/'))
  })

  it('hashes the exact script text as a CSP sha256 source', () => {
    const expected = createHash('sha256').update('alert(1)').digest('base64')
    expect(cspScriptHash('alert(1)')).toBe(`'sha256-${expected}'`)
    expect(DEV_INLINE_SCRIPT_HASHES).toEqual([cspScriptHash(REACT_REFRESH_PREAMBLE)])
  })
})
