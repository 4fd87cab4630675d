// Settings with configured servers, temp folders to grant, and a log that tests can wait on.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { serverConfigSchema, type ServerConfig } from '../../../../src/shared/settings/settings-schema'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'

/** A settings service holding stdio servers with these ids (they are never started from here). */
export function settingsWithServers(ids: readonly string[]): SettingsService {
  const settings = new SettingsService(new MemoryJsonDocument())
  settings.update((draft) => {
    draft.servers = ids.map((id) => serverConfig(id))
  })
  return settings
}

export function serverConfig(id: string): ServerConfig {
  return serverConfigSchema.parse({ id, name: id, transport: 'stdio', command: 'true' })
}

export interface Folders {
  /** The base folder, symlinks resolved (servers report real paths). */
  readonly base: string
  /** Creates `base/name` (with a file in it when `withFile`) and returns its path. */
  make(name: string, withFile?: string): string
  cleanup(): void
}

export function tempFolders(prefix = 'mcp-desk-roots-'): Folders {
  const base = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  return {
    base,
    make(name, withFile) {
      const dir = join(base, name)
      mkdirSync(dir, { recursive: true })
      if (withFile) writeFileSync(join(dir, withFile), 'hello\n')
      return dir
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  }
}

/** Log lines as they come, with a promise for the first line (from now on or already seen) that matches. */
export class WaitableLog {
  readonly lines: string[] = []
  readonly #waiters: Array<{ line: string; resolve: () => void }> = []

  readonly push = (line: string): void => {
    this.lines.push(line)
    for (const waiter of [...this.#waiters]) {
      if (waiter.line !== line) continue
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  /** Marks where "from now on" starts, for `next`. */
  mark(): number {
    return this.lines.length
  }

  /** The first matching line at or after `from` (default: any line so far). */
  next(line: string, from = 0): Promise<void> {
    if (this.lines.slice(from).includes(line)) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push({ line, resolve }))
  }
}
