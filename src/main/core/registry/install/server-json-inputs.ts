import type { ServerJsonInput } from '../../../../shared/registry/server-json'
import type { InputDeclaration } from '../../config/import/placeholders'
import { preview } from '../../config/import/server-builder'

/**
 * The inputs of a server.json (arguments, env variables, headers, URL variables): a value the publisher
 * fixed, a default, or something the user must give. What the user gives becomes an `${input:id}`
 * placeholder, declared here with the publisher's description (and as a password when `isSecret`), so the
 * import preview asks for it exactly as it asks for a VS Code input. `{name}` in a fixed value refers to the
 * input's `variables` and is resolved the same way.
 */

type WithVariables = ServerJsonInput & { variables?: Record<string, ServerJsonInput> | undefined }

/** `{name}` in a value: identifier-like names only, so literal JSON (`{"a":1}`) in a value is left alone. */
const TEMPLATE = /\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g

export type Resolved = { kind: 'value'; text: string } | { kind: 'omit' }

export class ServerJsonInputs {
  readonly declarations = new Map<string, InputDeclaration>()
  readonly notes: string[] = []

  /**
   * The text for one input, or omit: the fixed value (templates resolved), else the default, else a
   * placeholder when the user must give it (`required`, or `ask` for what has no meaning left out). An
   * optional input without a default is left out with a note.
   */
  resolve(input: WithVariables, where: { what: string; id: string; ask?: boolean }): Resolved {
    if (input.value !== undefined) {
      return { kind: 'value', text: this.templates(input.value, input.variables, where.what) }
    }
    if (input.default !== undefined) {
      return { kind: 'value', text: this.templates(input.default, input.variables, where.what) }
    }
    if (input.isRequired === true || where.ask === true) {
      return { kind: 'value', text: this.placeholder(where.id, input, where.what) }
    }
    this.notes.push(
      `${where.what} is optional and has no default, so it is left out; add it after import if you need it`,
    )
    return { kind: 'omit' }
  }

  /** `{name}` templates of a fixed value, each from `variables`: its value, its default, or asked for. */
  templates(text: string, variables: Record<string, ServerJsonInput> | undefined, what: string): string {
    return text.replace(TEMPLATE, (whole, name: string) => {
      const variable = variables !== undefined && Object.hasOwn(variables, name) ? variables[name] : undefined
      if (variable === undefined) {
        this.notes.push(`${what} refers to ${whole}, which the entry does not declare: it is kept as written`)
        return whole
      }
      if (variable.value !== undefined) return variable.value
      if (variable.default !== undefined) return variable.default
      return this.placeholder(name, variable, `${what} ({${name}})`)
    })
  }

  /** A new `${input:id}` token (a suffix keeps ids unique) declared with what the form should say. */
  placeholder(id: string, input: ServerJsonInput, what: string): string {
    const base = inputId(id)
    let unique = base
    for (let n = 2; this.declarations.has(unique); n++) unique = `${base}-${n}`
    this.declarations.set(unique, {
      description: describe(input, what),
      password: input.isSecret === true,
    })
    return `\${input:${unique}}`
  }
}

/** Ids are what the form labels a field with: `--api-key` asks for `api-key`. */
function inputId(raw: string): string {
  const id = raw
    .replace(/^-+/, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .slice(0, 60)
  return id === '' ? 'value' : id
}

function describe(input: ServerJsonInput, what: string): string {
  const parts = [input.description?.trim() || what]
  if (input.choices !== undefined && input.choices.length > 0) {
    parts.push(`(one of: ${preview(input.choices, 120)})`)
  }
  if (input.placeholder !== undefined) parts.push(`(e.g. ${preview(input.placeholder, 80)})`)
  if (input.format === 'filepath') parts.push('(a file path)')
  return parts.join(' ')
}

/** Characters a shell would act on; a value with one is worth a word that no shell ever sees it. */
const SHELL_METACHARACTERS = /[;&|`$<>()*?~!#\n\\'"{}[\]]/

/** The value with its `${input:…}` tokens removed, so a placeholder alone is not reported. */
export function hasShellMetacharacters(text: string): boolean {
  return SHELL_METACHARACTERS.test(text.replace(/\$\{input:[^{}]*\}/g, ''))
}

export function shellNote(at: string, text: string): string {
  return `${at} ("${preview(text, 40)}") contains shell metacharacters: it is passed as a literal argument; MCP Desk never uses a shell`
}
