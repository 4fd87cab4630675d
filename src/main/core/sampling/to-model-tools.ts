import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai'
import { invalidParams } from './sampling-errors'
import { ToolNameMap } from './tool-names'
import type { SamplingPrompt } from './to-model-messages'

export type ModelToolChoice = 'auto' | 'required' | 'none'

/** The tool options of one `streamText` call, and the names to map the model's calls back with. */
export interface ModelTools {
  tools: ToolSet
  /** The server's order (the SDK would otherwise sort the tools by name). */
  toolOrder: string[]
  /** Absent when the server did not say; the SDK then sends its default, `auto`. */
  toolChoice?: ModelToolChoice
  names: ToolNameMap
}

/**
 * The server's tools as `ai` SDK tools, or undefined when none are offered (none sent, none sent back).
 *
 * Each is a `tool({ description, inputSchema: jsonSchema(schema) })` **without `execute`**: the server runs
 * its tools, the host never does. With no execute the SDK cannot run a call either; the step ends with the
 * model's calls, which go back to the server as `tool_use` blocks.
 *
 * toolChoice maps one to one (`auto`, `required`, `none`); with `none` the tools are still sent, with the
 * provider told not to call them (OpenAI semantics, which SEP-1577 prefers: the model sees the tools of
 * the conversation's earlier calls, but may not call any now).
 *
 * Names the model API cannot take are mapped (tool-names.ts); `names` maps the calls back.
 */
export function toModelTools(prompt: Pick<SamplingPrompt, 'tools' | 'toolChoice'>): ModelTools | undefined {
  const offered = prompt.tools ?? []
  const mode = prompt.toolChoice?.mode
  if (offered.length === 0) {
    // The approval card lets the user remove tools, so "required" can be left with nothing to call.
    if (mode === 'required') throw invalidParams('toolChoice.mode: "required" but no tools are offered')
    return undefined
  }
  const names = new ToolNameMap(offered.map((offer) => offer.name))
  const entries = offered.map((offer) => {
    const definition = tool({
      ...(offer.description !== undefined ? { description: offer.description } : {}),
      // An MCP input schema is a JSON Schema object (validated: type "object"), sent to the provider as is.
      inputSchema: jsonSchema<Record<string, unknown>>(offer.inputSchema as JSONSchema7),
    })
    return [names.toModel(offer.name), definition] as const
  })
  return {
    // fromEntries defines own properties, so a tool named `__proto__` is a tool, not a prototype.
    tools: Object.fromEntries(entries),
    toolOrder: entries.map(([name]) => name),
    ...(mode !== undefined ? { toolChoice: mode } : {}),
    names,
  }
}
