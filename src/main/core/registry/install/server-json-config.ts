import type { ImportedServer, ParsedConfig } from '../../../../shared/import/import-types'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type {
  OfficialMeta,
  ServerJson,
  ServerJsonArgument,
  ServerJsonKeyValue,
  ServerJsonPackage,
} from '../../../../shared/registry/server-json'
import { scanPlaceholders, type InputDeclaration } from '../../config/import/placeholders'
import { buildServer, preview, type ServerDraft } from '../../config/import/server-builder'
import { hasShellMetacharacters, ServerJsonInputs, shellNote } from './server-json-inputs'

/**
 * One package or remote of a registry `server.json` as the import preview's parsed config (format
 * `mcp-registry`): the command line MCP Desk runs (an argv array, never a shell line) or the URL it
 * connects to, with what the user must give as `${input:…}` placeholders. Rules:
 *
 * - npm runs `npx -y <id>@<version>`, pypi `uvx <id>@<version>` (uv's documented exact-version form), oci
 *   `docker run -i --rm … <image>[:<version>]` with each env variable passed as `-e NAME` so its value
 *   stays in the environment, not the argv. Runtime arguments come before the package, package arguments
 *   after it. Other types (nuget, cargo…) and mcpb (which goes through the bundle installer) are refused.
 * - A named argument is two argv elements, `--flag` then its value: the registry documents `--flag={value}`
 *   but both forms are read by every argument parser the packages use, and two elements never need a
 *   value to be escaped. A positional argument is one element, verbatim.
 * - A package served over HTTP (transport streamable-http or sse) would need MCP Desk to start it and then
 *   connect to its URL, which it does not do yet: refused with that sentence.
 */

export interface InstallOptionRef {
  kind: 'package' | 'remote'
  index: number
}

export interface ServerJsonContext {
  /** The registry the entry came from (its base URL), for the trust facts on the row; absent: a file. */
  registryUrl?: string
  meta?: OfficialMeta | undefined
}

interface Runner {
  command: string
  args: string[]
  env: Record<string, string>
}

export function serverJsonToParsedConfig(
  server: ServerJson,
  option: InstallOptionRef,
  context: ServerJsonContext,
): ParsedConfig {
  const { imported, inputs } = serverJsonToImported(server, option, context)
  const { placeholders, notes } = scanPlaceholders([imported], inputs)
  return {
    format: 'mcp-registry',
    servers: [{ ...imported, notes: [...new Set([...imported.notes, ...(notes[0] ?? [])])] }],
    placeholders,
    notes: [],
  }
}

/** The mapped server and the inputs its placeholders declare, before the placeholder scan. */
export function serverJsonToImported(
  server: ServerJson,
  option: InstallOptionRef,
  context: ServerJsonContext,
): { imported: ImportedServer; inputs: Map<string, InputDeclaration> } {
  const inputs = new ServerJsonInputs()
  const name = server.title?.trim() || server.name.slice(server.name.indexOf('/') + 1)
  const base = { sourceName: server.name, notes: trustNotes(server, context) }
  let draft: ServerDraft
  if (option.kind === 'package') {
    const pkg = server.packages?.[option.index]
    if (pkg === undefined) throw missingOption(server, option)
    const runner = packageRunner(pkg, inputs)
    draft = { ...base, transport: 'stdio', ...runner }
  } else {
    const remote = server.remotes?.[option.index]
    if (remote === undefined) throw missingOption(server, option)
    draft = {
      ...base,
      transport: remote.type === 'sse' ? 'sse' : 'http',
      url: inputs.templates(remote.url, remote.variables, 'the URL'),
      headers: keyValues(remote.headers, 'header', inputs),
    }
  }
  draft.notes.push(...inputs.notes, ...shellNotes(draft))
  const imported = built(draft, name)
  // isSecret is honoured for fixed values too: they go to the secret store whatever the name looks like.
  const declared =
    option.kind === 'package'
      ? server.packages?.[option.index]?.environmentVariables
      : server.remotes?.[option.index]?.headers
  const secretNames = (declared ?? []).filter((item) => item.isSecret === true).map((item) => item.name)
  return {
    imported: secretNames.length > 0 ? { ...imported, secretNames } : imported,
    inputs: inputs.declarations,
  }
}

/** The package types MCP Desk runs itself. */
const RUNNABLE = ['npm', 'pypi', 'oci']

/**
 * How to run an entry when nobody chose (an install link names an entry, a dropped server.json is one): the
 * first package MCP Desk runs itself, else the first remote, else (`bundles`) a bundle, whose form the user
 * fills in before anything is installed.
 */
export function preferredOption(server: ServerJson, options: { bundles: boolean }): InstallOptionRef {
  const packages = server.packages ?? []
  const runnable = packages.findIndex(
    (pkg) => RUNNABLE.includes(pkg.registryType.toLowerCase()) && pkg.transport.type === 'stdio',
  )
  if (runnable !== -1) return { kind: 'package', index: runnable }
  if ((server.remotes ?? []).length > 0) return { kind: 'remote', index: 0 }
  const bundle = packages.findIndex((pkg) => pkg.registryType.toLowerCase() === 'mcpb')
  if (bundle !== -1 && options.bundles) return { kind: 'package', index: bundle }
  throw new IpcFailure(
    'validation_failed',
    bundle !== -1
      ? `${server.name} is published only as an MCP bundle (.mcpb): install it from the registry, or drop the .mcpb file`
      : `${server.name} has no package or remote MCP Desk can install (it runs npm, PyPI and Docker packages, MCP bundles and remote servers)`,
  )
}

function packageRunner(pkg: ServerJsonPackage, inputs: ServerJsonInputs): Runner {
  const type = pkg.registryType.toLowerCase()
  if (type === 'mcpb') {
    throw new IpcFailure(
      'validation_failed',
      'This package is an MCP bundle (.mcpb): it is downloaded, checked and installed as a bundle',
    )
  }
  if (pkg.transport.type !== 'stdio') {
    throw new IpcFailure(
      'validation_failed',
      `This package serves MCP over ${pkg.transport.type === 'sse' ? 'SSE' : 'streamable HTTP'}: MCP Desk cannot yet start a package and then connect to its URL; install one of the entry's remotes, or run the package yourself and add its URL`,
    )
  }
  const runtimeArgs = argumentList(pkg.runtimeArguments, 'runtime argument', inputs)
  const packageArgs = argumentList(pkg.packageArguments, 'package argument', inputs)
  const env = keyValues(pkg.environmentVariables, 'env variable', inputs)
  const version = pkg.version?.trim()
  switch (type) {
    case 'npm': {
      hintNote(pkg, 'npx', inputs)
      const spec = version ? `${pkg.identifier}@${version}` : pkg.identifier
      const yes = runtimeArgs.includes('-y') || runtimeArgs.includes('--yes') ? [] : ['-y']
      return { command: 'npx', args: [...yes, ...runtimeArgs, spec, ...packageArgs], env }
    }
    case 'pypi': {
      hintNote(pkg, 'uvx', inputs)
      const spec = version ? `${pkg.identifier}@${version}` : pkg.identifier
      return { command: 'uvx', args: [...runtimeArgs, spec, ...packageArgs], env }
    }
    case 'oci': {
      hintNote(pkg, 'docker', inputs)
      const image =
        hasTagOrDigest(pkg.identifier) || !version ? pkg.identifier : `${pkg.identifier}:${version}`
      const passEnv = Object.keys(env).flatMap((envName) => ['-e', envName])
      return {
        command: 'docker',
        args: ['run', '-i', '--rm', ...runtimeArgs, ...passEnv, image, ...packageArgs],
        env,
      }
    }
    default:
      throw new IpcFailure(
        'validation_failed',
        `MCP Desk cannot install ${preview(pkg.registryType, 30)} packages; it runs npm, PyPI and Docker (OCI) packages, MCP bundles and remote servers`,
      )
  }
}

/** `ghcr.io/org/image:1.2` or `image@sha256:…`: the version is already in the reference. */
function hasTagOrDigest(image: string): boolean {
  const lastSegment = image.slice(image.lastIndexOf('/') + 1)
  return image.includes('@') || lastSegment.includes(':')
}

function hintNote(pkg: ServerJsonPackage, runtime: string, inputs: ServerJsonInputs): void {
  const hint = pkg.runtimeHint?.trim()
  if (hint !== undefined && hint !== '' && hint !== runtime) {
    inputs.notes.push(
      `The entry suggests running it with ${preview(hint, 30)}; MCP Desk runs ${pkg.registryType} packages with ${runtime}`,
    )
  }
  if (runtime === 'npx' && pkg.registryBaseUrl !== undefined && !isDefaultNpm(pkg.registryBaseUrl)) {
    inputs.notes.push(
      `The package is published on ${preview(pkg.registryBaseUrl, 80)}; npx fetches from the npm registry your npm configuration names`,
    )
  }
}

function isDefaultNpm(url: string): boolean {
  return /^https:\/\/registry\.npmjs\.org\/?$/.test(url.trim())
}

/** Each argument as argv elements, in order; `isRepeated` is said, since the preview shows one of each. */
function argumentList(
  list: readonly ServerJsonArgument[] | undefined,
  kind: string,
  inputs: ServerJsonInputs,
): string[] {
  const args: string[] = []
  for (const [index, arg] of (list ?? []).entries()) {
    if (arg.type === 'named') {
      const what = `The ${kind} ${preview(arg.name, 40)}`
      const resolved = inputs.resolve(arg, { what, id: arg.name })
      if (resolved.kind === 'value') args.push(arg.name, resolved.text)
      if (arg.isRepeated === true)
        inputs.notes.push(`${what} may be given more than once; add more after import`)
    } else {
      const label = arg.valueHint ?? `${kind} ${index + 1}`
      const what = `The ${kind} "${preview(label, 40)}"`
      // A positional argument named by a hint is the value the server expects there: asked for, not dropped.
      const resolved = inputs.resolve(arg, { what, id: label, ask: arg.valueHint !== undefined })
      if (resolved.kind === 'value') args.push(resolved.text)
      if (arg.isRepeated === true)
        inputs.notes.push(`${what} may be given more than once; add more after import`)
    }
  }
  return args
}

/** Env variables or headers: fixed values as they are, what the user gives (secrets above all) asked for. */
function keyValues(
  list: readonly ServerJsonKeyValue[] | undefined,
  kind: string,
  inputs: ServerJsonInputs,
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const item of list ?? []) {
    const resolved = inputs.resolve(item, {
      what: `The ${kind} ${preview(item.name, 60)}`,
      id: item.name,
      // A secret without a value is always the user's to give, whatever `isRequired` says.
      ask: item.isSecret === true,
    })
    if (resolved.kind === 'value') values[item.name] = resolved.text
  }
  return values
}

function shellNotes(draft: ServerDraft): string[] {
  if (draft.transport !== 'stdio') return []
  const notes = draft.args.flatMap((arg, index) =>
    hasShellMetacharacters(arg) ? [shellNote(`args[${index}]`, arg)] : [],
  )
  for (const [key, value] of Object.entries(draft.env)) {
    if (hasShellMetacharacters(value)) notes.push(shellNote(`env.${key}`, value))
  }
  return notes
}

/**
 * The draft as a server input. A URL that still holds placeholders (`https://${input:tenant}.example.com`)
 * is no URL until the user types them, so it is checked with a stand-in host and put back afterwards; the
 * import checks the resolved URL before writing.
 */
function built(draft: ServerDraft, name: string): ImportedServer {
  const templatedUrl = draft.transport !== 'stdio' && draft.url.includes('${') ? draft.url : undefined
  const checked = buildServer(
    draft.transport === 'stdio'
      ? { ...draft, sourceName: name }
      : {
          ...draft,
          sourceName: name,
          url: templatedUrl === undefined ? draft.url : 'https://placeholder.invalid/',
        },
  )
  if (!checked.ok) {
    throw new IpcFailure('validation_failed', `This registry entry cannot be installed: ${checked.reason}`)
  }
  const input = checked.server.input
  return {
    sourceName: draft.sourceName,
    input:
      templatedUrl !== undefined && input.transport !== 'stdio' ? { ...input, url: templatedUrl } : input,
    notes: checked.server.notes,
  }
}

function trustNotes(server: ServerJson, context: ServerJsonContext): string[] {
  const what = `${server.name} version ${preview(server.version, 40)}`
  const notes = [
    context.registryUrl === undefined
      ? `From a server.json file: ${what}; MCP Desk did not check it against a registry`
      : `From the MCP registry ${preview(context.registryUrl, 80)}: ${what}`,
  ]
  if (server.repository?.url) notes.push(`Source repository: ${preview(server.repository.url, 120)}`)
  const status = context.meta?.status
  if (status === 'deprecated' || status === 'deleted') {
    const why = context.meta?.statusMessage ? `: ${preview(context.meta.statusMessage, 200)}` : ''
    notes.push(`The registry marks this server ${status}${why}`)
  }
  return notes
}

function missingOption(server: ServerJson, option: InstallOptionRef): IpcFailure {
  return new IpcFailure(
    'not_found',
    `${server.name} ${server.version} has no ${option.kind} number ${option.index + 1}`,
  )
}
