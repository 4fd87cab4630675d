import { UriTemplate } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'

export interface TemplateVariable {
  name: string
  required: boolean
}

const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g

/**
 * The variables of an RFC 6570 template, in order of first appearance. Those in query expressions (`{?q}`,
 * `{&page}`) drop out of the URI when empty, so they are optional; a path segment left empty would name a
 * different resource, so the others are required.
 */
export function templateVariables(uriTemplate: string): TemplateVariable[] {
  const variables: TemplateVariable[] = []
  for (const [, operator, list] of uriTemplate.matchAll(EXPRESSION)) {
    for (const raw of (list ?? '').split(',')) {
      const name = raw.trim().replace(/(\*|:\d+)$/, '')
      if (name === '' || variables.some((variable) => variable.name === name)) continue
      variables.push({ name, required: operator !== '?' && operator !== '&' })
    }
  }
  return variables
}

/** The URI a template names with these values; unknown or missing required variables are named. */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  const variables = templateVariables(uriTemplate)
  const unknown = Object.keys(values).filter((key) => !variables.some((variable) => variable.name === key))
  if (unknown.length > 0) {
    throw new IpcFailure(
      'validation_failed',
      `the template ${uriTemplate} has no variable ${unknown.map((name) => `"${name}"`).join(', ')}`,
    )
  }
  const missing = variables.filter((variable) => variable.required && (values[variable.name] ?? '') === '')
  if (missing.length > 0) {
    throw new IpcFailure(
      'validation_failed',
      `the template ${uriTemplate} needs a value for ${missing.map((v) => `"${v.name}"`).join(', ')}`,
    )
  }
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
  try {
    return new UriTemplate(uriTemplate).expand(given)
  } catch (error) {
    throw new IpcFailure(
      'validation_failed',
      `the template ${uriTemplate} cannot be filled in: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
