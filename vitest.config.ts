import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['test/{main,shared,preload,cli,fixtures,boundaries,build}/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The fault-injection suite (issue 12): misbehaving servers, providers and processes; `npm run test:faults`.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 60_000,
          // The floods bound RSS growth. With V8's default young generation (semi-spaces growing to 2 x 32 MB
          // under a first sustained load) garbage alone moved the figure by 50 MB from run to run; sized
          // down, what the bound sees is memory that grows with the flood (the web-mode flood host runs
          // with the same flag).
          execArgv: ['--max-semi-space-size=8'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          setupFiles: ['test/renderer/setup.ts'],
          include: ['test/renderer/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default; a real server starting on a loaded 2-core CI machine
          // can take longer to connect. A longer wait only slows a failing test.
          expect: { poll: { timeout: 15_000 } },
          // One Chromium and one web server at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
})
