import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { rendererCspPlugin } from './build/renderer-csp-plugin'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // The CLI is built beside the Electron entry so `mcp-desk` runs the very same core code.
        input: {
          index: resolve(__dirname, 'src/main/electron/main.ts'),
          cli: resolve(__dirname, 'src/cli/main.ts'),
          // Tool search's embedding model runs in a worker thread (bundled-embedding-source.ts finds it here).
          'embedding-worker': resolve(__dirname, 'src/main/core/tools/semantic/embedding-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // sandbox: true allows the preload to require only `electron`: bundle everything else into one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), rendererCspPlugin()],
  },
})
