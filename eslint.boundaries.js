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

export const boundaryRules = [
  {
    files: ['src/main/core/**', 'src/main/web/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['electron/*'], message: noElectron.message }] },
      ],
    },
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
