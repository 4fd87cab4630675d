#!/usr/bin/env node
import { existsSync } from 'node:fs'

// The CLI is built with the app (electron-vite) so it runs the very same core code as the desktop app.
const cli = new URL('../out/main/cli.js', import.meta.url)
if (!existsSync(cli)) {
  process.stderr.write('mcp-desk: not built yet — run "npm run build" first\n')
  process.exit(1)
}
await import(cli.href)
