// A listener the host opens, alone in a child process, for the listener fuzz test: `web HOME RENDERER_DIR`
// runs web mode (the real startWebMode over a profile in HOME), `oauth` the OAuth loopback redirect listener,
// `view-sandbox` web mode's MCP App view sandbox listener. Prints `READY <url>` (web mode: its URL with the
// token; the sandbox: its proxy script) and runs until killed; an uncaught throw ends it,
// which is exactly what the fuzz test watches for.
import { listenForRedirect } from '../../../src/main/core/mcp/oauth/loopback-redirect'
import { startWebMode } from '../../../src/main/web/start-web-mode'
import { startViewSandboxServer } from '../../../src/main/web/view-sandbox-server'

const [mode, home, rendererDir] = process.argv.slice(2)

if (mode === 'web' && home !== undefined && rendererDir !== undefined) {
  const running = await startWebMode({ home, rendererDir, log: (line) => process.stderr.write(`${line}\n`) })
  process.stdout.write(`READY ${running.url}\n`)
} else if (mode === 'oauth') {
  const redirect = await listenForRedirect({ state: 'fuzz-state', expiresInMs: 30 * 60_000 })
  // The sign-in never completes; the listener must stay up however it is poked.
  redirect.outcome.catch(() => undefined)
  process.stdout.write(`READY ${redirect.redirectUrl.href}\n`)
} else if (mode === 'view-sandbox') {
  const sandbox = await startViewSandboxServer({ log: (line) => process.stderr.write(`${line}\n`) })
  process.stdout.write(`READY ${sandbox.origin}/proxy.js\n`)
} else {
  process.stderr.write('usage: listener-child.ts web HOME RENDERER_DIR | oauth | view-sandbox\n')
  process.exit(2)
}
