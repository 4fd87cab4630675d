import { ResourceService } from '../../main/core/mcp/resources/resource-service'
import type { ResourceInfo, ResourceReadResult, ResourceTemplateInfo } from '../../shared/mcp/resources'
import { formatByteSize } from '../../shared/format/byte-size'
import { outputOf, type CliIo } from '../cli-io'
import { firstLine, terminalText, truncate } from '../format/terminal-text'
import { findServer } from '../server-lookup'
import { connectOne, withServerSession } from '../server-session'
import { reportFailure } from './servers-tools-command'

const DESCRIPTION_WIDTH = 76

export interface ResourcesOptions {
  server: string
  /** A resource to read; without it the server's resources and templates are listed. */
  uri: string | undefined
  json: boolean
}

/**
 * `mcp-desk resources <server> [<uri>]`: connects that one server and lists its resources and templates, or
 * reads one resource: text is printed as it is, binary content as its type and size (its base64 with --json).
 */
export function showResources(home: string, options: ResourcesOptions, io: CliIo): Promise<number> {
  const out = outputOf(io)
  return withServerSession(home, io, async ({ configs, servers }) => {
    const state = await connectOne(servers, findServer(configs.list(), options.server))
    if (state.status !== 'connected') {
      reportFailure(state, out)
      return 1
    }
    const resources = new ResourceService({ servers })
    try {
      if (options.uri === undefined) {
        const list = await resources.list(state.id)
        if (options.json) {
          out.print(JSON.stringify({ resources: list.resources, templates: list.templates }, null, 2))
          return 0
        }
        const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
        out.print(
          `Server "${firstLine(state.name)}" (${state.id}): ` +
            `${count(list.resources.length, 'resource')}, ${count(list.templates.length, 'template')}`,
        )
        for (const line of formatResourceList(list.resources, list.templates)) out.print(line)
        return 0
      }
      const result = await resources.read(state.id, options.uri)
      if (options.json) out.print(JSON.stringify(result, null, 2))
      else for (const line of formatResourceContents(result)) out.print(line)
      return 0
    } finally {
      resources.dispose()
    }
  })
}

/** Resources by URI, then templates, each with its name, type and the first line of its description. */
export function formatResourceList(
  resources: readonly ResourceInfo[],
  templates: readonly ResourceTemplateInfo[],
): string[] {
  const entry = (
    address: string,
    item: {
      name: string
      title?: string | undefined
      mimeType?: string | undefined
      description?: string | undefined
    },
  ): string[] => {
    const type = item.mimeType === undefined ? '' : ` (${firstLine(item.mimeType)})`
    const description = firstLine(item.description ?? '')
    return [
      `  ${firstLine(address)}  ${firstLine(item.title ?? item.name)}${type}`,
      ...(description === '' ? [] : [`      ${truncate(description, DESCRIPTION_WIDTH)}`]),
    ]
  }
  return [
    ...(resources.length > 0 ? ['Resources:', ...resources.flatMap((r) => entry(r.uri, r))] : []),
    ...(templates.length > 0 ? ['Templates:', ...templates.flatMap((t) => entry(t.uriTemplate, t))] : []),
  ]
}

/**
 * One content: its text alone, so it can be piped. Several: each under a header naming its URI. Binary
 * content is never dumped on a terminal: its type and size say what it is.
 */
export function formatResourceContents(result: ResourceReadResult): string[] {
  const several = result.contents.length > 1
  return result.contents.flatMap((content) => {
    const type = content.mimeType === undefined ? 'no type given' : firstLine(content.mimeType)
    const header = several ? [`--- ${firstLine(content.uri)} (${type}) ---`] : []
    if (content.kind === 'text') return [...header, terminalText(content.text)]
    return [
      ...header,
      `[binary ${firstLine(content.uri)}: ${type}, ${formatByteSize(content.bytes)}; --json prints its base64]`,
    ]
  })
}
