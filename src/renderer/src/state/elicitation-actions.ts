import type {
  ElicitationAnswer,
  ElicitationCard,
  ElicitationContent,
} from '../../../shared/elicitation/elicitation-card'
import type { DeskApi } from '../../../shared/ipc/contract'
import { IpcCallError, type Call } from '../ipc/client'

export interface ElicitationState {
  /** Every question a server waits on (elicitation/create), and URL cards waiting for completion. */
  elicitations: ElicitationCard[]
}

/**
 * How an answer ended. `refused` carries the host's reason when it found the answer invalid
 * (`validation_failed`): the card shows it beside the form. Any other failure is a visible error.
 */
export type ElicitationAnswerOutcome = { ok: true } | { ok: false; refused?: string }

export interface ElicitationActions {
  /** Accept (with the form's content), decline or cancel: the spec's three results. */
  answerElicitation: (
    id: string,
    action: ElicitationAnswer['action'],
    content?: ElicitationContent,
  ) => Promise<ElicitationAnswerOutcome>
  /** Closes an opened URL card that still waits for the server's completion notice. */
  dismissElicitation: (id: string) => Promise<boolean>
}

export interface ElicitationActionDeps {
  api: DeskApi
  call: Call
  get: () => ElicitationState
  set: (partial: Partial<ElicitationState>) => void
  /** Adds a visible error and returns its id. */
  report: (context: string, error: unknown) => { id: number; message: string }
}

export function initialElicitationState(): ElicitationState {
  return { elicitations: [] }
}

const failedAnswer: Record<ElicitationAnswer['action'], (server: string) => string> = {
  accept: (server) => `Could not send your answer to ${server}`,
  decline: (server) => `Could not decline the request from ${server}`,
  cancel: (server) => `Could not cancel the request from ${server}`,
}

/**
 * Servers' questions as the host reports them. `follow` subscribes to `elicitation:changed`; `load` asks
 * for the current cards (an event that arrives while that answer is on its way wins, being newer).
 */
export function createElicitationActions({
  api,
  call,
  get,
  set,
  report,
}: ElicitationActionDeps): ElicitationActions & {
  follow: () => Array<() => void>
  load: () => Promise<void>
} {
  let revision = 0
  const serverOf = (id: string): string =>
    get().elicitations.find((card) => card.id === id)?.serverName ?? 'the server'

  return {
    follow: () => [
      api.on('elicitation:changed', ({ elicitations }) => {
        revision++
        set({ elicitations })
      }),
    ],

    async load() {
      const at = revision
      try {
        const { elicitations } = await call('elicitation:list', {})
        if (revision === at) set({ elicitations })
      } catch (error) {
        report('Could not list the questions servers asked', error)
      }
    },

    async answerElicitation(id, action, content) {
      const server = serverOf(id)
      try {
        await call('elicitation:answer', { id, action, ...(content ? { content } : {}) })
        return { ok: true }
      } catch (error) {
        if (error instanceof IpcCallError && error.code === 'validation_failed') {
          return { ok: false, refused: error.message }
        }
        report(failedAnswer[action](server), error)
        return { ok: false }
      }
    },

    async dismissElicitation(id) {
      const server = serverOf(id)
      try {
        await call('elicitation:dismiss', { id })
        return true
      } catch (error) {
        report(`Could not close the request from ${server}`, error)
        return false
      }
    },
  }
}
