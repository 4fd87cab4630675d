import { describe, expect, it } from 'vitest'
import { looksLikeBundle, readImportFile } from '../../../src/renderer/src/import/import-file'
import { toBase64 } from '../../../src/renderer/src/ui/base64'

function file(name: string, bytes: Uint8Array, size = bytes.length) {
  let reads = 0
  return {
    name,
    size,
    arrayBuffer: () => {
      reads += 1
      return Promise.resolve(bytes.buffer.slice(0) as ArrayBuffer)
    },
    reads: () => reads,
  }
}

const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])

describe('readImportFile', () => {
  it('reads a config as text and a zip as base64, whatever the name says', async () => {
    const text = new TextEncoder().encode('{"mcpServers":{"é":{}}}')
    expect(await readImportFile(file('mcp.json', text))).toEqual({
      kind: 'config',
      text: '{"mcpServers":{"é":{}}}',
      fileName: 'mcp.json',
    })
    expect(await readImportFile(file('download', zip))).toEqual({
      kind: 'bundle',
      data: toBase64(zip),
      fileName: 'download',
    })
  })

  it('refuses by size before reading, an empty file, and a .mcpb that is not a zip', async () => {
    const huge = file('config.json', new Uint8Array(0), 200 * 1024 * 1024)
    await expect(readImportFile(huge)).rejects.toThrow('config.json is 200.0 MiB')
    expect(huge.reads()).toBe(0)
    const big = file('config.json', new Uint8Array(6 * 1024 * 1024).fill(0x20))
    await expect(readImportFile(big)).rejects.toThrow('an MCP config file is at most 5 MiB')
    await expect(readImportFile(file('a.json', new Uint8Array(0)))).rejects.toThrow('a.json is empty')
    await expect(readImportFile(file('b.mcpb', new TextEncoder().encode('{}')))).rejects.toThrow(
      'b.mcpb is not an MCP bundle: it is not a zip archive',
    )
  })
})

describe('toBase64 and looksLikeBundle', () => {
  it('encodes like the host decodes, also past the chunk size', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 251)
    const decoded = Uint8Array.from(atob(toBase64(bytes)), (char) => char.charCodeAt(0))
    expect(decoded).toEqual(bytes)
    expect(toBase64(new TextEncoder().encode('MCP'))).toBe('TUNQ')
  })

  it('tells a bundle by its zip header', () => {
    expect(looksLikeBundle(zip)).toBe(true)
    expect(looksLikeBundle(new TextEncoder().encode('{"a":1}'))).toBe(false)
  })
})
