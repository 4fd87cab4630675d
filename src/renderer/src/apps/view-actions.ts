import type { RequestOf, ResponseOf } from '../../../shared/ipc/contract'
import { IpcCallError, type Call } from '../ipc/client'
import type { ViewInput } from './view-session'

export type ViewChannel =
  'views:open' | 'views:call-tool' | 'views:read-resource' | 'views:update-model-context' | 'views:closed'

/** A view opened from the servers panel: shown full screen over the window, in no conversation. */
export interface ViewTry {
  /** New for every "Call and open", so a second try mounts a new view. */
  seq: number
  serverId: string
  toolName: string
  input: ViewInput
}

export interface ViewState {
  /** Views mounted now (their instance ids): their tool-call cards are shown beside them. */
  viewsOnScreen: readonly string[]
  viewTry: ViewTry | null
}

export interface ViewActions {
  /** The views:* requests an AppView makes; throws `IpcCallError` with the host's reason. */
  viewRequest: <C extends ViewChannel>(channel: C, request: RequestOf<C>) => Promise<ResponseOf<C>>
  /** A view's `ui/message`, posted in its conversation as a message from that view. */
  sendFromView: (
    conversationId: string,
    text: string,
    fromView: { serverId: string; toolName: string },
  ) => Promise<void>
  setViewOnScreen: (instanceId: string, onScreen: boolean) => void
  /** "Call and open": calls the tool; resolves with its result to show, or the host's refusal. */
  tryView: (
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
  ) => Promise<{ result: Record<string, unknown> } | { refusal: string }>
  /** Shows a tried tool's view full screen (after whatever opened it has handed focus back). */
  showViewTry: (serverId: string, toolName: string, input: ViewInput) => void
  closeViewTry: () => void
}

export function initialViewState(): ViewState {
  return { viewsOnScreen: [], viewTry: null }
}

export function createViewActions({
  call,
  get,
  set,
}: {
  call: Call
  get: () => ViewState
  set: (partial: Partial<ViewState>) => void
}): ViewActions {
  let trySeq = 0
  return {
    viewRequest: (channel, request) => call(channel, request),

    async sendFromView(conversationId, text, fromView) {
      await call('chat:send', { id: conversationId, text, fromView })
    },

    setViewOnScreen(instanceId, onScreen) {
      const current = get().viewsOnScreen
      const has = current.includes(instanceId)
      if (onScreen && !has) set({ viewsOnScreen: [...current, instanceId] })
      if (!onScreen && has) set({ viewsOnScreen: current.filter((id) => id !== instanceId) })
    },

    async tryView(serverId, toolName, args) {
      try {
        const { result } = await call('views:try', {
          serverId,
          toolName,
          // Parsed from the user's JSON text: it is JSON.
          arguments: args as Record<string, never>,
        })
        return { result }
      } catch (error) {
        return {
          refusal: error instanceof IpcCallError || error instanceof Error ? error.message : String(error),
        }
      }
    },

    showViewTry(serverId, toolName, input) {
      set({ viewTry: { seq: ++trySeq, serverId, toolName, input } })
    },

    closeViewTry() {
      set({ viewTry: null })
    },
  }
}

/** A card from a view whose view is mounted is shown beside it, not again in the transcript or drawer. */
export function shownBesideView(
  card: { view?: { instanceId: string } | undefined },
  onScreen: readonly string[],
) {
  return card.view !== undefined && onScreen.includes(card.view.instanceId)
}
