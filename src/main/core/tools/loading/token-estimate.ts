/**
 * Tokens are estimated, not counted: the host talks to many providers with different tokenizers and none
 * is bundled. Four characters per token is the usual rule of thumb for English and JSON, and every budget
 * here is a bound with slack (10% of a window, 70% pressure), so the estimate only has to be roughly right.
 */
export const CHARS_PER_TOKEN = 4

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN)
}

/** A tool definition as a Chat Completions request carries it: name, description and JSON Schema parameters. */
export interface ToolDefinitionText {
  name: string
  description: string
  inputSchema: unknown
}

export function estimateDefinitionTokens(tool: ToolDefinitionText): number {
  return estimateTokens(
    JSON.stringify({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }),
  )
}
