import { builtinModules } from 'node:module'

/** Import boundaries as lint rules; test/boundaries also enforces them by scanning the import graph. */
const nodeBuiltins = [...builtinModules.filter((m) => !m.startsWith('_')), 'node:*']

const noElectron = {
  name: 'electron',
  message:
    'src/main/core and src/shared run in plain Node and the browser: put Electron code in src/main/electron.',
}
const noNodeBuiltins = {
  group: nodeBuiltins.flatMap((m) => [m, `${m}/*`]),
  message: 'src/renderer and src/shared run in the browser: no Node built-ins.',
}

/** Every listener parses what peers send inside one guard (issue 19): no bare createServer. */
const guardedListenerFile = 'src/main/core/net/guarded-http-server.ts'
const noBareListener = ['node:http', 'http', 'node:https', 'https', 'node:http2', 'http2'].map((name) => ({
  name,
  importNames: ['createServer', 'createSecureServer'],
  message: `open listeners with createGuardedServer (${guardedListenerFile}): it answers what does not parse with 400 instead of crashing.`,
}))

export const boundaryRules = [
  {
    files: ['src/main/core/**', 'src/main/web/**', 'src/cli/**'],
    ignores: [guardedListenerFile],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...noBareListener],
          patterns: [{ group: ['electron/*'], message: noElectron.message }],
        },
      ],
    },
  },
  {
    files: [guardedListenerFile],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['electron/*'], message: noElectron.message }] },
      ],
    },
  },
  {
    files: ['src/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: noBareListener }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [noNodeBuiltins, { group: ['electron/*'], message: noElectron.message }],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noNodeBuiltins] }] },
  },
]
