import { PromptService } from '../../main/core/mcp/prompts/prompt-service'
import type { PromptArgumentValues, PromptInfo, PromptResult } from '../../shared/mcp/prompts'
import { formatByteSize } from '../../shared/format/byte-size'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { firstLine, terminalText, truncate } from '../format/terminal-text'
import { findServer } from '../server-lookup'
import { connectOne, withServerSession } from '../server-session'
import { reportFailure } from './servers-tools-command'

const DESCRIPTION_WIDTH = 76

export interface PromptsOptions {
  server: string
  /** A prompt to fill in; without it the server's prompts are listed. */
  name: string | undefined
  /** The --arg values, each `name=value`. */
  args: readonly string[]
  json: boolean
}

/**
 * `mcp-desk prompts <server> [<name> [--arg k=v ...]]`: connects that one server and lists its prompts with
 * their arguments, or fills one in and prints the messages a chat would insert.
 */
export function showPrompts(home: string, options: PromptsOptions, io: CliIo): Promise<number> {
  const args = parsePromptArguments(options.args)
  if (options.name === undefined && options.args.length > 0) {
    throw new UsageError('--arg needs a prompt name: mcp-desk prompts <server> <name> --arg name=value')
  }
  const out = outputOf(io)
  return withServerSession(home, io, async ({ configs, servers }) => {
    const state = await connectOne(servers, findServer(configs.list(), options.server))
    if (state.status !== 'connected') {
      reportFailure(state, out)
      return 1
    }
    const prompts = new PromptService({ servers })
    try {
      if (options.name === undefined) {
        const list = await prompts.list(state.id)
        if (options.json) {
          out.print(JSON.stringify({ prompts: list.prompts }, null, 2))
          return 0
        }
        const count = `${list.prompts.length} prompt${list.prompts.length === 1 ? '' : 's'}`
        out.print(`Server "${firstLine(state.name)}" (${state.id}): ${count}`)
        for (const line of formatPromptList(list.prompts)) out.print(line)
        return 0
      }
      const result = await prompts.get(state.id, options.name, args)
      if (options.json) out.print(JSON.stringify(result, null, 2))
      else for (const line of formatPromptResult(result)) out.print(line)
      return 0
    } finally {
      prompts.dispose()
    }
  })
}

/** `--arg name=value` (the value may hold further `=`); a name given twice is a mistake, not an override. */
export function parsePromptArguments(raw: readonly string[]): PromptArgumentValues {
  const values: PromptArgumentValues = {}
  for (const entry of raw) {
    const at = entry.indexOf('=')
    if (at <= 0) throw new UsageError(`--arg takes name=value, got "${entry}"`)
    const name = entry.slice(0, at)
    if (Object.hasOwn(values, name)) throw new UsageError(`--arg ${name} is given twice`)
    values[name] = entry.slice(at + 1)
  }
  return values
}

/** Per prompt: its name (and title), the first line of its description, then one line per argument. */
export function formatPromptList(prompts: readonly PromptInfo[]): string[] {
  return prompts.flatMap((prompt) => {
    const title = prompt.title === undefined ? '' : `  (${firstLine(prompt.title)})`
    const lines = [`${firstLine(prompt.name)}${title}`]
    const description = firstLine(prompt.description ?? '')
    lines.push(`    ${description === '' ? '(no description)' : truncate(description, DESCRIPTION_WIDTH)}`)
    for (const argument of prompt.arguments) {
      const about = firstLine(argument.description ?? '')
      const required = argument.required ? 'required' : 'optional'
      lines.push(`    --arg ${firstLine(argument.name)}=…  ${required}${about === '' ? '' : `: ${about}`}`)
    }
    return lines
  })
}

/** Each message under its role; attachments as one line each, since their data is base64. */
export function formatPromptResult(result: PromptResult): string[] {
  const lines: string[] = []
  for (const message of result.messages) {
    const from = message.resource ? ` (resource ${firstLine(message.resource.uri)})` : ''
    lines.push(`[${message.role}]${from}`)
    if (message.text !== '') lines.push(terminalText(message.text))
    for (const attachment of message.attachments) {
      const uri = attachment.uri === undefined ? '' : ` ${firstLine(attachment.uri)}`
      lines.push(
        `[${attachment.kind}${uri} ${firstLine(attachment.mimeType)}, ${formatByteSize(attachment.bytes)}]`,
      )
    }
  }
  return lines
}
