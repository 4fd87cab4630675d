import { describe, expect, it } from 'vitest'
import type { BundleInfo, UserConfigField } from '../../../src/shared/import/bundle-info'
import {
  initialBundleForm,
  looksAbsolute,
  splitPathLines,
  validateBundleForm,
  type BundleFormState,
} from '../../../src/renderer/src/import/bundle-form-model'

function field(overrides: Partial<UserConfigField> & Pick<UserConfigField, 'key' | 'type'>): UserConfigField {
  return {
    title: overrides.key,
    description: '',
    required: false,
    sensitive: false,
    multiple: false,
    ...overrides,
  }
}

function info(userConfig: UserConfigField[]): BundleInfo {
  return {
    name: 'hello-bundle',
    displayName: 'Hello Bundle',
    version: '1.2.0',
    description: 'Says hello.',
    author: { name: 'Ada' },
    manifestVersion: '0.3',
    server: { type: 'node', entryPoint: 'server/index.js', command: 'node', args: [], envNames: [] },
    userConfig,
    tools: [],
    prompts: [],
    fileCount: 3,
    unpackedBytes: 2048,
    signed: false,
    notes: [],
  }
}

function withValues(form: BundleFormState, values: Record<string, string | boolean>): BundleFormState {
  return { ...form, values: { ...form.values, ...values } }
}

describe('initialBundleForm', () => {
  it('fills each field from its default as text (booleans as booleans), named after the bundle', () => {
    const bundle = info([
      field({ key: 'token', type: 'string', sensitive: true }),
      field({ key: 'port', type: 'number', default: 8080 }),
      field({ key: 'verbose', type: 'boolean', default: true }),
      field({ key: 'quiet', type: 'boolean' }),
      field({ key: 'root', type: 'directory', default: '/home/ada' }),
      field({ key: 'roots', type: 'directory', multiple: true, default: ['/home/ada/a', '/home/ada/b'] }),
      field({ key: 'config', type: 'file' }),
    ])
    expect(initialBundleForm(bundle)).toEqual({
      name: 'Hello Bundle',
      replace: false,
      values: {
        token: '',
        port: '8080',
        verbose: true,
        quiet: false,
        root: '/home/ada',
        roots: '/home/ada/a\n/home/ada/b',
        config: '',
      },
    })
  })

  it("keeps the configured server's spelling of the name, with replacing still off", () => {
    const form = initialBundleForm(info([]), {
      id: 'srv-1',
      name: 'hello bundle',
      sameBundle: false,
    })
    expect(form).toMatchObject({ name: 'hello bundle', replace: false })
  })
})

describe('validateBundleForm', () => {
  it('types each answer by its field and leaves empty optional fields out', () => {
    const bundle = info([
      field({ key: 'token', type: 'string', required: true, sensitive: true }),
      field({ key: 'port', type: 'number', min: 1, max: 65535 }),
      field({ key: 'ratio', type: 'number' }),
      field({ key: 'verbose', type: 'boolean' }),
      field({ key: 'roots', type: 'directory', multiple: true }),
      field({ key: 'config', type: 'file' }),
      field({ key: 'label', type: 'string' }),
    ])
    const form = withValues(initialBundleForm(bundle), {
      token: '  tok-123  ',
      port: ' 8080 ',
      ratio: '',
      verbose: true,
      roots: '/home/ada/a\n\n  C:\\Users\\ada\\b  \n',
      config: '',
      label: '   ',
    })
    const { errors, answers } = validateBundleForm(bundle, { ...form, name: '  Hello  ', replace: true })
    expect(errors).toEqual({ fields: {} })
    expect(answers).toEqual({
      name: 'Hello',
      replace: true,
      userConfig: {
        token: 'tok-123',
        port: 8080,
        verbose: true,
        roots: ['/home/ada/a', 'C:\\Users\\ada\\b'],
      },
    })
  })

  it('always sends a boolean, false included', () => {
    const bundle = info([field({ key: 'verbose', type: 'boolean', required: true })])
    expect(validateBundleForm(bundle, initialBundleForm(bundle)).answers?.userConfig).toEqual({
      verbose: false,
    })
  })

  it('reports every problem at once, each by its field, and no answers', () => {
    const bundle = info([
      field({ key: 'token', type: 'string', title: 'API key', required: true }),
      field({ key: 'roots', type: 'directory', title: 'Folders', required: true, multiple: true }),
      field({ key: 'port', type: 'number', title: 'Port', min: 1 }),
      field({ key: 'limit', type: 'number', title: 'Limit', max: 10 }),
      field({ key: 'ratio', type: 'number', title: 'Ratio' }),
      field({ key: 'size', type: 'number', title: 'Size', required: true }),
      field({ key: 'config', type: 'file', title: 'Config file' }),
    ])
    const form = withValues(initialBundleForm(bundle), {
      roots: '\n  \n',
      port: '0',
      limit: '11',
      ratio: '1,5',
      config: 'notes/config.json',
    })
    expect(validateBundleForm(bundle, { ...form, name: ' ' })).toEqual({
      errors: {
        name: 'Give the server a name',
        fields: {
          token: 'API key is required',
          roots: 'Folders is required',
          port: 'Port must be at least 1',
          limit: 'Limit must be at most 10',
          ratio: 'Ratio must be a number',
          size: 'Size is required',
          config: 'Config file must be an absolute path',
        },
      },
    })
  })

  it('refuses numbers that are not finite', () => {
    const bundle = info([field({ key: 'n', type: 'number', title: 'N' })])
    for (const text of ['Infinity', 'abc', '1e999']) {
      const form = withValues(initialBundleForm(bundle), { n: text })
      expect(validateBundleForm(bundle, form).errors.fields).toEqual({ n: 'N must be a number' })
    }
  })

  it('names the relative line of a path list', () => {
    const bundle = info([field({ key: 'roots', type: 'directory', multiple: true })])
    const form = withValues(initialBundleForm(bundle), { roots: '/home/ada\nnotes' })
    expect(validateBundleForm(bundle, form).errors.fields).toEqual({
      roots: '"notes" is not an absolute path',
    })
  })

  it('keeps a user_config key called "name" apart from the server name', () => {
    const bundle = info([field({ key: 'name', type: 'string', title: 'Greeting name', required: true })])
    const { errors } = validateBundleForm(bundle, initialBundleForm(bundle))
    expect(errors).toEqual({ fields: { name: 'Greeting name is required' } })
  })

  it('caps the server name at 200 characters', () => {
    const bundle = info([])
    const form = { ...initialBundleForm(bundle), name: 'x'.repeat(201) }
    expect(validateBundleForm(bundle, form).errors.name).toBe('The name is at most 200 characters')
  })
})

describe('paths', () => {
  it('splits one path per line, trimmed, blank lines dropped', () => {
    expect(splitPathLines(' /a \r\n\n/b c\n')).toEqual(['/a', '/b c'])
  })

  it('takes absolute paths of either platform, since the browser cannot tell which the host runs', () => {
    expect(['/home/ada', 'C:\\Users', 'd:/data', '\\\\server\\share'].every(looksAbsolute)).toBe(true)
    expect(['notes', './notes', '~/notes', 'C:notes'].some(looksAbsolute)).toBe(false)
  })
})
