// Runs the prompts and resources commands in-process, the way runCli would, capturing what they print.
import type { CliIo } from '../../../src/cli/cli-io'

export interface CommandRun {
  code: number
  stdout: string
  stderr: string
}

export async function runCommand(work: (io: CliIo) => Promise<number>): Promise<CommandRun> {
  let stdout = ''
  let stderr = ''
  const code = await work({
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    env: {},
    untilShutdown: () => new Promise<string>(() => {}),
  })
  return { code, stdout, stderr }
}
