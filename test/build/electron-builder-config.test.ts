import { existsSync, globSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DebugLogger } from 'builder-util/out/DebugLogger'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import type { Configuration } from 'electron-builder'
import { describe, expect, it } from 'vitest'
import config from '../../electron-builder.config'
import viteConfig from '../../electron.vite.config'

const root = resolve(import.meta.dirname, '../..')
const validate = (candidate: Configuration) => validateConfiguration(candidate, new DebugLogger(false))

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG')
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

function targetNames(platform: { target?: unknown } | null | undefined): unknown {
  return platform?.target
}

describe('the electron-builder configuration', () => {
  it('is what electron-builder itself loads from the file, and its own validator accepts it', async () => {
    // The same loader `electron-builder --config electron-builder.config.ts` uses (TypeScript via jiti).
    const loaded = await getConfig(root, join(root, 'electron-builder.config.ts'), null)
    expect(loaded.protocols).toEqual(config.protocols)
    expect(loaded.linux).toEqual(config.linux)
    expect(loaded.mac).toEqual(config.mac)
    expect(loaded.win).toEqual(config.win)
    expect(typeof loaded.afterPack).toBe('function')
    await expect(validate(loaded)).resolves.toBeUndefined()
    await expect(validate(config)).resolves.toBeUndefined()
  })

  it('is checked for real: the validator refuses an option electron-builder does not have', async () => {
    await expect(validate({ ...config, linux: { ...config.linux, iconz: 'x' } as never })).rejects.toThrow(
      /Invalid configuration object/,
    )
  })

  it('builds AppImage and deb, dmg, and nsis, and registers the mcp-desk: link scheme', () => {
    expect(targetNames(config.linux)).toEqual(['AppImage', 'deb'])
    expect(targetNames(config.mac)).toEqual(['dmg'])
    expect(targetNames(config.win)).toEqual(['nsis'])
    expect(config.protocols).toEqual([{ name: 'MCP Desk link', schemes: ['mcp-desk'] }])
  })

  it('points at real icons: PNGs of each size for Linux, an .ico with a 256 px image, an .icns', () => {
    const dir = join(root, config.linux?.icon ?? '')
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(readFileSync(join(dir, `${size}x${size}.png`)))).toEqual([size, size])
    }
    expect(pngSize(readFileSync(join(root, 'resources', 'icon.png')))).toEqual([512, 512])

    const ico = readFileSync(join(root, config.win?.icon ?? ''))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + 16 * i] || 256)
    expect(sizes).toContain(256)
    for (let i = 0; i < count; i += 1) {
      const offset = ico.readUInt32LE(6 + 16 * i + 12)
      const image = ico.subarray(offset, offset + ico.readUInt32LE(6 + 16 * i + 8))
      expect(pngSize(image)[0]).toBe(sizes[i])
    }

    const icns = readFileSync(join(root, config.mac?.icon ?? ''))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const types: string[] = []
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      types.push(icns.subarray(offset, offset + 4).toString('ascii'))
    }
    expect(types).toEqual(expect.arrayContaining(['ic08', 'ic09', 'ic10']))
  })

  it('packs what electron-vite builds, where main.ts and the embedding worker expect it', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      main: string
      scripts: Record<string, string>
    }
    expect(pkg.main).toBe('out/main/index.js')
    expect(pkg.scripts.dist).toBe(
      'electron-vite build && electron-builder --config electron-builder.config.ts',
    )
    const main = viteConfig as { main?: { build?: { outDir?: string; rollupOptions?: { input?: object } } } }
    expect(main.main?.build?.outDir).toBe('out/main')
    expect(Object.keys(main.main?.build?.rollupOptions?.input ?? {})).toEqual(
      expect.arrayContaining(['index', 'embedding-worker']),
    )
    expect(config.files).toEqual(
      expect.arrayContaining(['out/**', 'package.json', 'resources/trayTemplate.png']),
    )
    expect(config.asarUnpack).toEqual(['out/main/embedding-worker.js', 'node_modules/@energetic-ai/**'])
    // The model the worker loads is where the unpack pattern looks.
    expect(globSync('node_modules/@energetic-ai/**/model.json', { cwd: root })).not.toHaveLength(0)
  })

  it('finds the built files it packs when a build exists', () => {
    // The e2e global setup builds; this check rides along when it has.
    if (!existsSync(join(root, 'out', 'main', 'index.js'))) return
    for (const file of [
      'out/main/index.js',
      'out/main/embedding-worker.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'resources/trayTemplate.png',
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true)
    }
  })
})
