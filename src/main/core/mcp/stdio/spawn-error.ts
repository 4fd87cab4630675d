// Why a server's command could not be started, in words a user can act on: spawn reports a missing
// command, a missing working directory and a missing #! interpreter all as the same ENOENT.
import { statSync } from 'node:fs'
import { messageOf } from '../../../../shared/format/error-message'

function directoryExists(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function fileExists(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

export function describeSpawnError(command: string, cwd: string | undefined, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code
  // A missing working directory fails with the same ENOENT as a missing command.
  if (cwd !== undefined && !directoryExists(cwd)) {
    return new Error(`working directory not found: ${cwd}`, { cause: error })
  }
  if (code === 'ENOENT' && /[\\/]/.test(command) && fileExists(command)) {
    // execve reports a script whose #! interpreter is missing as ENOENT too.
    return new Error(`cannot run ${command}: the interpreter on its #! line was not found`, { cause: error })
  }
  if (code === 'ENOENT') return new Error(`command not found: ${command}`, { cause: error })
  if (code === 'EACCES') return new Error(`not executable: ${command}`, { cause: error })
  return new Error(`could not start ${command}: ${messageOf(error)}`, { cause: error })
}
