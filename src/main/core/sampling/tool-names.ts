import { createHash } from 'node:crypto'
import { invalidParams } from './sampling-errors'

/**
 * Names a model API accepts for a function: OpenAI's Chat Completions rule, `^[A-Za-z0-9_-]{1,64}$` (other
 * providers are at least as strict about length and characters). MCP tool names may also hold `.` and be
 * up to 128 characters long (and older servers use anything), so some server names cannot be sent as is.
 */
const MODEL_SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/
const MAX_MODEL_NAME_LENGTH = 64
const HASH_LENGTH = 8

/**
 * The name the model sees for a server's tool. A safe name is kept as is (the model sees what the server
 * chose, and nothing changes for well-behaved servers). Any other name becomes its safe characters (every
 * other character as `_`, cut to leave room) plus `_` and the first 8 hex digits of the SHA-256 of the whole
 * name: `notes.search` → `notes_search_1a2b3c4d`. The hash keeps two names that differ only in unsafe
 * characters (`a.b`, `a:b`) apart, and makes the mapping stable: the same server name maps to the same model
 * name in every round of a tool loop, so tool calls in the history match the tools offered.
 */
export function modelToolName(serverName: string): string {
  if (MODEL_SAFE_NAME.test(serverName)) return serverName
  const hash = createHash('sha256').update(serverName, 'utf8').digest('hex').slice(0, HASH_LENGTH)
  const stem = serverName.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_MODEL_NAME_LENGTH - HASH_LENGTH - 1)
  return `${stem.length > 0 ? stem : 'tool'}_${hash}`
}

/**
 * Both directions of the name mapping for the tools offered in one request: server names to model names
 * for the tool definitions and the history, and the model's calls back to the server's names.
 */
export class ToolNameMap {
  readonly #toServer = new Map<string, string>()

  /**
   * Throws InvalidParams when two offered tools would reach the model under one name (a server naming a
   * tool exactly like another's mapped name), since a call to it could not be routed back.
   */
  constructor(serverNames: readonly string[]) {
    for (const serverName of serverNames) {
      const modelName = modelToolName(serverName)
      const clash = this.#toServer.get(modelName)
      if (clash !== undefined && clash !== serverName) {
        throw invalidParams(
          `tools: ${JSON.stringify(serverName)} and ${JSON.stringify(clash)} would both reach the model as ` +
            `${JSON.stringify(modelName)} (tool names may only use A-Z, a-z, 0-9, _ and -, up to 64 characters); rename one`,
        )
      }
      this.#toServer.set(modelName, serverName)
    }
  }

  /** The model's name for a server tool (offered or only named in the history). */
  toModel(serverName: string): string {
    return modelToolName(serverName)
  }

  /** The server's name for a tool the model called; undefined when that tool was not offered. */
  toServer(modelName: string): string | undefined {
    return this.#toServer.get(modelName)
  }
}
