import type { InsertedPrompt } from '../../../shared/chat/chat-view'
import type { DeskApi } from '../../../shared/ipc/contract'
import type {
  Completion,
  PromptArgumentValues,
  PromptInfo,
  PromptList,
  PromptMessageView,
} from '../../../shared/mcp/prompts'
import type { Call } from '../ipc/client'
import { askHost, type HostAnswer } from '../app/host-answer'
import { argumentsToSend } from './prompt-picker-model'

/** chat:send takes at most this many inserted messages. */
export const INSERTED_MESSAGES_LIMIT = 100

/** A prompt's messages waiting above the composer, to be inserted before the next message's text. */
export interface InsertedPromptChip {
  key: string
  serverId: string
  serverName: string
  prompt: string
  messages: PromptMessageView[]
}

export interface PromptPickerState {
  /** What the `/` picker lists; null until it was first opened. */
  promptCatalog: PromptList | null
  promptCatalogLoading: boolean
  /** Why the last listing failed (the previous list, if any, is still shown). */
  promptCatalogError: string | null
  insertedPrompt: InsertedPromptChip | null
}

export interface PromptPickerActions {
  /** Lists every connected server's prompts again; the picker calls it each time it opens. */
  loadPrompts: () => Promise<void>
  /** Fills the prompt in (prompts:get) and holds its messages for the next message. */
  insertPrompt: (prompt: PromptInfo, values: PromptArgumentValues) => Promise<HostAnswer<InsertedPromptChip>>
  completePromptArgument: (
    prompt: PromptInfo,
    argument: string,
    value: string,
    context: PromptArgumentValues,
  ) => Promise<HostAnswer<Completion>>
  removeInsertedPrompt: () => void
}

export interface PromptPickerDeps {
  api: DeskApi
  call: Call
  get: () => PromptPickerState
  set: (state: Partial<PromptPickerState>) => void
}

export function initialPromptPickerState(): PromptPickerState {
  return {
    promptCatalog: null,
    promptCatalogLoading: false,
    promptCatalogError: null,
    insertedPrompt: null,
  }
}

/** The `inserted` field of chat:send for the chip above the composer. */
export function insertedForSend(chip: InsertedPromptChip): InsertedPrompt {
  return { source: { serverId: chip.serverId, prompt: chip.prompt }, messages: chip.messages }
}

/**
 * The composer's prompts: the list the `/` picker shows, argument suggestions, and the one prompt whose
 * messages go with the next message. A prompt's content is the server's; nothing is inserted before the
 * user picked it and sees it as a chip.
 */
export function createPromptPickerActions({ api, call, get, set }: PromptPickerDeps): PromptPickerActions & {
  follow: () => Array<() => void>
} {
  // An older listing that answers after a newer one must not replace it.
  let listing = 0

  const loadPrompts = async () => {
    const mine = ++listing
    set({ promptCatalogLoading: true })
    try {
      const list = await call('prompts:list', {})
      if (mine === listing) set({ promptCatalog: list, promptCatalogError: null })
    } catch (error) {
      if (mine === listing)
        set({ promptCatalogError: error instanceof Error ? error.message : String(error) })
    } finally {
      if (mine === listing) set({ promptCatalogLoading: false })
    }
  }

  return {
    follow: () => [
      api.on('prompts:changed', () => {
        if (get().promptCatalog !== null) void loadPrompts()
      }),
    ],

    loadPrompts,

    async insertPrompt(prompt, values) {
      const answer = await askHost(() =>
        call('prompts:get', {
          serverId: prompt.serverId,
          name: prompt.name,
          arguments: argumentsToSend(values),
        }),
      )
      if (!answer.ok) return answer
      const { messages, serverName } = answer.value
      if (messages.length === 0) {
        return { ok: false, message: `${prompt.key} produced no messages, so there is nothing to insert` }
      }
      if (messages.length > INSERTED_MESSAGES_LIMIT) {
        return {
          ok: false,
          message: `${prompt.key} produced ${messages.length} messages; at most ${INSERTED_MESSAGES_LIMIT} can be inserted`,
        }
      }
      const chip: InsertedPromptChip = {
        key: prompt.key,
        serverId: prompt.serverId,
        serverName,
        prompt: prompt.name,
        messages,
      }
      set({ insertedPrompt: chip })
      return { ok: true, value: chip }
    },

    completePromptArgument: (prompt, argument, value, context) =>
      askHost(() =>
        call('prompts:complete', {
          serverId: prompt.serverId,
          prompt: prompt.name,
          argument,
          value,
          ...(Object.keys(context).length > 0 ? { context } : {}),
        }),
      ),

    removeInsertedPrompt: () => set({ insertedPrompt: null }),
  }
}
