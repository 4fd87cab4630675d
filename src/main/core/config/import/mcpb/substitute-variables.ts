import { homedir } from 'node:os'
import path from 'node:path'

/**
 * `${…}` substitution in a bundle's `mcp_config`, as the MCPB spec defines it: `${__dirname}` (the install
 * folder), `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}`, `${pathSeparator}` / `${/}`, and
 * `${user_config.KEY}`. An argument that is exactly one `multiple` value expands into one argument per
 * path (the spec's rule); inside a longer string or an env value the paths are joined with the platform's
 * list delimiter (`:` or `;`), the way PATH-like variables hold lists. What cannot be substituted is said
 * in a note, never guessed.
 */

/** The user folders the spec's variables name. Electron knows the real ones (`app.getPath`). */
export interface SystemDirs {
  home: string
  desktop: string
  documents: string
  downloads: string
}

/** The conventional folders under the user's home, for the CLI and web mode. */
export function defaultSystemDirs(
  home: string = homedir(),
  platform: NodeJS.Platform = process.platform,
): SystemDirs {
  const paths = platform === 'win32' ? path.win32 : path.posix
  return {
    home,
    desktop: paths.join(home, 'Desktop'),
    documents: paths.join(home, 'Documents'),
    downloads: paths.join(home, 'Downloads'),
  }
}

/** A user_config value ready for substitution: text, several paths, or no value (optional and left empty). */
export type SubstitutionValue = string | string[] | undefined

export interface SubstitutionContext {
  /** Absent while only defaults are expanded (before anything is installed). */
  installDir?: string
  dirs: SystemDirs
  platform: NodeJS.Platform
  /** Every declared user_config key, with its value. */
  userConfig: ReadonlyMap<string, SubstitutionValue>
  /** Keys whose values are sensitive (they should travel in env, where they go to the secret store). */
  sensitive: ReadonlySet<string>
  notes: string[]
}

const TOKEN = /\$\{([^}]*)\}/g
const USER_CONFIG_PREFIX = 'user_config.'

function platformPaths(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix
}

function systemVariable(name: string, ctx: SubstitutionContext): string | undefined {
  const paths = platformPaths(ctx.platform)
  switch (name) {
    case '__dirname':
      return ctx.installDir
    case 'HOME':
      return ctx.dirs.home
    case 'DESKTOP':
      return ctx.dirs.desktop
    case 'DOCUMENTS':
      return ctx.dirs.documents
    case 'DOWNLOADS':
      return ctx.dirs.downloads
    case 'pathSeparator':
    case '/':
      return paths.sep
    default:
      return undefined
  }
}

/** Expands only the folder variables, for user_config defaults such as `${HOME}/Desktop`. */
export function expandSystemVariables(text: string, dirs: SystemDirs, platform: NodeJS.Platform): string {
  const ctx: SubstitutionContext = { dirs, platform, userConfig: new Map(), sensitive: new Set(), notes: [] }
  return text.replace(TOKEN, (token, name: string) =>
    name === '__dirname' ? token : (systemVariable(name, ctx) ?? token),
  )
}

function exactUserConfigKey(text: string): string | undefined {
  const match = /^\$\{user_config\.([^}]+)\}$/.exec(text)
  return match?.[1]
}

/** Substitutes every token in one string; `where` (e.g. `args[2]`, `env.API_KEY`) names it in notes. */
export function substituteString(text: string, where: string, ctx: SubstitutionContext): string {
  return text.replace(TOKEN, (token, name: string) => {
    if (name.startsWith(USER_CONFIG_PREFIX)) {
      const key = name.slice(USER_CONFIG_PREFIX.length)
      if (!ctx.userConfig.has(key)) {
        ctx.notes.push(
          `${where}: ${token} names no user_config field of this bundle, so it is left as written`,
        )
        return token
      }
      const value = ctx.userConfig.get(key)
      if (value === undefined) {
        ctx.notes.push(`${where}: ${token} has no value, so it is replaced by nothing`)
        return ''
      }
      if (ctx.sensitive.has(key) && !where.startsWith('env.')) {
        ctx.notes.push(
          `${where}: the sensitive value "${key}" is passed outside env, so it is kept in settings.json ` +
            'as plain text rather than in the secret store',
        )
      }
      if (Array.isArray(value)) {
        const delimiter = platformPaths(ctx.platform).delimiter
        ctx.notes.push(`${where}: the ${value.length} values of "${key}" are joined with "${delimiter}"`)
        return value.join(delimiter)
      }
      return value
    }
    const system = systemVariable(name, ctx)
    if (system !== undefined) return system
    ctx.notes.push(`${where}: ${token} is not a variable MCP Desk knows, so it is left as written`)
    return token
  })
}

/** Arguments: an argument that is exactly `${user_config.KEY}` expands to each of its values, or to none. */
export function substituteArgs(args: readonly string[], ctx: SubstitutionContext): string[] {
  const out: string[] = []
  args.forEach((arg, index) => {
    const where = `args[${index}]`
    const key = exactUserConfigKey(arg)
    if (key !== undefined && ctx.userConfig.has(key)) {
      const value = ctx.userConfig.get(key)
      if (value === undefined) {
        ctx.notes.push(`${where}: ${arg} has no value, so the argument is left out`)
        return
      }
      if (Array.isArray(value)) {
        out.push(...value)
        return
      }
    }
    out.push(substituteString(arg, where, ctx))
  })
  return out
}

/** Env values: a variable that is exactly an empty optional `${user_config.KEY}` is not set at all. */
export function substituteEnv(
  env: Readonly<Record<string, string>>,
  ctx: SubstitutionContext,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, template] of Object.entries(env)) {
    const where = `env.${name}`
    const key = exactUserConfigKey(template)
    if (key !== undefined && ctx.userConfig.has(key) && ctx.userConfig.get(key) === undefined) {
      ctx.notes.push(`${where}: ${template} has no value, so ${name} is not set`)
      continue
    }
    out[name] = substituteString(template, where, ctx)
  }
  return out
}
