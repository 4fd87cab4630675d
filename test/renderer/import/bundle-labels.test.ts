import { describe, expect, it } from 'vitest'
import {
  fileCountLabel,
  formatBundleSize,
  manifestCommandLine,
  shownToolNames,
} from '../../../src/renderer/src/import/bundle-labels'

describe('bundle labels', () => {
  it('sizes in bytes, then KiB, then MiB', () => {
    expect([1, 1000, 1536, 5 * 1024 * 1024 + 1].map(formatBundleSize)).toEqual([
      '1 byte',
      '1000 bytes',
      '1.5 KiB',
      '5.0 MiB',
    ])
    expect([1, 2].map(fileCountLabel)).toEqual(['1 file', '2 files'])
  })

  it('shows the command as written, quoting only words that would otherwise run together', () => {
    expect(manifestCommandLine('node', ['${__dirname}/index.js', '--name', 'a b', ''])).toBe(
      'node ${__dirname}/index.js --name "a b" ""',
    )
  })

  it('lists the first ten tools and counts the rest', () => {
    const tools = Array.from({ length: 13 }, (_, index) => ({ name: `t${index}` }))
    expect(shownToolNames(tools)).toEqual({ names: tools.slice(0, 10).map((t) => t.name), more: 3 })
    expect(shownToolNames(tools.slice(0, 2))).toEqual({ names: ['t0', 't1'], more: 0 })
  })
})
