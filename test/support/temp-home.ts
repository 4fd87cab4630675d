// A throwaway directory to stand in for a user's home or config folder, removed on cleanup.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TempHome {
  readonly dir: string
  cleanup(): Promise<void>
}

export async function tempHome(prefix = 'mcp-desk-test-'): Promise<TempHome> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  return {
    dir,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}
