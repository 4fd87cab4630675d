import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { FuseV1Options, FuseVersion, type FuseConfig } from '@electron/fuses'
import { describe, expect, it } from 'vitest'
import config from '../../electron-builder.config'
import { afterPack, applyFuses, FUSES, type FusePackContext } from '../../build/fuses'

const root = resolve(import.meta.dirname, '../..')

function context(platform: string): FusePackContext {
  return {
    appOutDir: '/build/dist/unpacked',
    electronPlatformName: platform,
    packager: { appInfo: { productFilename: 'MCP Desk' }, executableName: 'mcp-desk' },
  }
}

/** A stand-in for @electron/fuses' flipFuses that records what the hook asked of it. */
function recordingFlip() {
  const calls: { path: string; config: FuseConfig }[] = []
  const flip = (path: string, fuseConfig: FuseConfig) => {
    calls.push({ path, config: fuseConfig })
    return Promise.resolve(0)
  }
  return { calls, flip }
}

/** The fuses a config sets, by name, e.g. { RunAsNode: false }. */
function byName(fuseConfig: FuseConfig): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(fuseConfig)
      .filter(([key]) => /^\d+$/.test(key))
      .map(([key, value]) => [FuseV1Options[Number(key)], value as boolean]),
  )
}

const EXPECTED = {
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableCookieEncryption: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
}

describe('the Electron fuses of the shipped app', () => {
  it('are exactly the intended list', () => {
    expect(byName({ version: FuseVersion.V1, ...FUSES })).toEqual(EXPECTED)
  })

  it('are flipped by the packaging hook electron-builder runs', () => {
    expect(config.afterPack).toBe(afterPack)
  })

  it.each([
    ['linux', '/build/dist/unpacked/mcp-desk', false],
    ['win32', '/build/dist/unpacked/MCP Desk.exe', false],
    ['darwin', '/build/dist/unpacked/MCP Desk.app', true],
    ['mas', '/build/dist/unpacked/MCP Desk.app', true],
  ])(
    'on %s: flips them in %s, resetting the ad-hoc signature on macOS only',
    async (platform, path, reset) => {
      const { calls, flip } = recordingFlip()
      await applyFuses(context(platform), flip)
      expect(calls).toHaveLength(1)
      expect(calls[0]?.path).toBe(path)
      expect(calls[0]?.config.version).toBe(FuseVersion.V1)
      expect(calls[0]?.config.resetAdHocDarwinSignature === true).toBe(reset)
      expect(byName(calls[0]!.config)).toEqual(EXPECTED)
    },
  )

  it('refuses a platform it does not know instead of flipping the wrong file', async () => {
    const { calls, flip } = recordingFlip()
    await expect(applyFuses(context('freebsd'), flip)).rejects.toThrow(
      'the fuses cannot be set for the platform "freebsd"',
    )
    expect(calls).toHaveLength(0)
  })

  it('leave nothing in the app that needs ELECTRON_RUN_AS_NODE', () => {
    // With RunAsNode off, `ELECTRON_RUN_AS_NODE=1 <app>` starts the app, not node: nothing may spawn the
    // app's own binary as node (the CLI runs on node, servers on their own commands, the model in a thread).
    const files = ['src', 'bin', 'scripts'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name)),
    )
    expect(files.length).toBeGreaterThan(50)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(text.includes('ELECTRON_RUN_AS_NODE'), file).toBe(false)
      // main.ts names process.execPath only to register the link scheme when run from source.
      expect(/(spawn|fork|exec|execFile)(Sync)?\(\s*process\.execPath/.test(text), file).toBe(false)
    }
  })
})
