import type { ImportedServer, Placeholder } from '../../../../shared/import/import-types'
import type { ConfigValueInput } from '../../../../shared/mcp/server-input'
import { looksSecretName } from '../../../../shared/settings/secret-names'

/**
 * Finds the `${…}` references in imported servers. Values keep the token text: resolving it (asking the
 * user, or reading their environment with consent) happens later, from the list built here. Variables that
 * only an editor can expand (`${workspaceFolder}` and friends) are not placeholders: they are reported as
 * notes on the server instead, since nothing MCP Desk could ask for would mean the same thing. Neither is
 * a `${NAME}` in the arguments when the server's own env sets NAME (mcp-remote's `--header
 * "Authorization:${AUTH}"`): the server expands that itself, and resolving it would copy a secret into the
 * arguments.
 */

/** What VS Code declares for an `${input:id}` it prompts for. */
export interface InputDeclaration {
  description?: string
  password?: boolean
}

/**
 * Names that look like credentials: the form uses a password field and the value goes to the secret store.
 * The same rule as the server form's and `servers add`'s default (shared/settings/secret-names.ts).
 */
export function looksSecret(name: string): boolean {
  return looksSecretName(name)
}

const TOKEN = /\$\{([^{}]*)\}/g
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const DEFAULT_FORM = /^[A-Za-z_][A-Za-z0-9_]*:?-/

/** Predefined variables of VS Code and editors that copied them (Cursor, Windsurf); see its variables reference. */
const EDITOR_VARIABLES = new Set([
  'workspaceFolder',
  'workspaceFolderBasename',
  'workspaceRoot',
  'userHome',
  'pathSeparator',
  '/',
  'file',
  'fileWorkspaceFolder',
  'relativeFile',
  'relativeFileDirname',
  'fileBasename',
  'fileBasenameNoExtension',
  'fileExtname',
  'fileDirname',
  'fileDirnameBasename',
  'cwd',
  'lineNumber',
  'columnNumber',
  'selectedText',
  'execPath',
  'defaultBuildTask',
  'extensionInstallFolder',
])
const EDITOR_PREFIXES = ['workspaceFolder:', 'config:', 'command:', 'file:', 'extensionInstallFolder:']

type Reference =
  { kind: 'input' | 'env'; name: string } | { kind: 'editor' } | { kind: 'default' } | { kind: 'other' }

function classify(inner: string): Reference {
  if (inner.startsWith('input:') && inner.length > 'input:'.length)
    return { kind: 'input', name: inner.slice(6) }
  if (inner.startsWith('env:') && inner.length > 'env:'.length) return { kind: 'env', name: inner.slice(4) }
  if (EDITOR_VARIABLES.has(inner) || EDITOR_PREFIXES.some((prefix) => inner.startsWith(prefix))) {
    return { kind: 'editor' }
  }
  if (PLAIN_NAME.test(inner)) return { kind: 'env', name: inner }
  if (DEFAULT_FORM.test(inner)) return { kind: 'default' }
  return { kind: 'other' }
}

/** Each text of a server with where it sits, in the form the notes and locations use. */
export function serverTexts(input: ImportedServer['input']): Array<{ at: string; text: string }> {
  const values = (field: string, record: Record<string, ConfigValueInput>) =>
    Object.entries(record).flatMap(([key, value]) =>
      'value' in value ? [{ at: `${field}.${key}`, text: value.value }] : [],
    )
  if (input.transport === 'stdio') {
    return [
      { at: 'command', text: input.command },
      ...input.args.map((text, index) => ({ at: `args[${index}]`, text })),
      ...values('env', input.env),
      ...(input.cwd === undefined ? [] : [{ at: 'cwd', text: input.cwd }]),
    ]
  }
  return [{ at: 'url', text: input.url }, ...values('headers', input.headers)]
}

export interface ScanResult {
  placeholders: Placeholder[]
  /** Per server (same order as given): the editor variables and `${VAR:-default}` forms left as written. */
  notes: string[][]
}

export function scanPlaceholders(
  servers: readonly ImportedServer[],
  inputs: ReadonlyMap<string, InputDeclaration>,
): ScanResult {
  const found = new Map<string, Placeholder>()
  const notes = servers.map((server) => {
    const serverNotes: string[] = []
    const ownEnv = server.input.transport === 'stdio' ? server.input.env : {}
    for (const { at, text } of serverTexts(server.input)) {
      for (const match of text.matchAll(TOKEN)) {
        const token = match[0]
        const reference = classify(match[1] ?? '')
        if (at.startsWith('args[') && token === `\${${match[1]}}` && Object.hasOwn(ownEnv, match[1] ?? '')) {
          // `mcp-remote … --header "Authorization:${AUTH}"` with AUTH in env: the server expands it itself.
          serverNotes.push(
            `${at} refers to ${token}, which this server's env sets: the server expands it itself`,
          )
        } else if (reference.kind === 'input' || reference.kind === 'env') {
          const placeholder =
            found.get(token) ?? newPlaceholder(token, reference.kind, reference.name, inputs)
          placeholder.locations.push(`${server.sourceName}: ${at}`)
          if (!placeholder.secret && locationLooksSecret(at)) placeholder.secret = true
          found.set(token, placeholder)
        } else if (reference.kind === 'editor') {
          serverNotes.push(
            `${at} uses ${token}, which only an editor can expand: MCP Desk keeps it as written, so replace it after import`,
          )
        } else if (reference.kind === 'default') {
          serverNotes.push(
            `${at} uses ${token}; MCP Desk does not expand "\${VAR:-default}" forms, so it is kept as written`,
          )
        }
      }
    }
    return [...new Set(serverNotes)]
  })
  return { placeholders: [...found.values()], notes }
}

function newPlaceholder(
  token: string,
  kind: 'input' | 'env',
  name: string,
  inputs: ReadonlyMap<string, InputDeclaration>,
): Placeholder {
  const declared = kind === 'input' ? inputs.get(name) : undefined
  return {
    token,
    kind,
    name,
    ...(declared?.description === undefined ? {} : { description: declared.description }),
    secret: declared?.password === true || looksSecret(name),
    locations: [],
  }
}

/** `env.API_KEY` or `headers.Authorization`: the value there is a credential whatever the placeholder is called. */
function locationLooksSecret(at: string): boolean {
  const dot = at.indexOf('.')
  if (dot === -1) return false
  const field = at.slice(0, dot)
  return (field === 'env' || field === 'headers') && looksSecret(at.slice(dot + 1))
}
