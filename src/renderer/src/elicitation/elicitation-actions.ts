import type {
  ElicitationAnswer,
  ElicitationCard,
  ElicitationContent,
} from '../../../shared/elicitation/elicitation-card'
import type { DeskApi } from '../../../shared/ipc/contract'
import { IpcCallError, type Call } from '../ipc/client'
import { createCardFollower } from '../approvals/card-changes-model'

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
 * Servers' questions as the host reports them. `follow` applies the `elicitation:changed` deltas; `load`
 * asks for the whole list (at start, or when a delta was missed), and deltas newer than it are replayed.
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
  const follower = createCardFollower<ElicitationCard>({
    fetch: async () => {
      const { elicitations, seq } = await call('elicitation:list', {})
      return { cards: elicitations, seq }
    },
    read: () => get().elicitations,
    write: (elicitations) => set({ elicitations }),
    onError: (error) => report('Could not list the questions servers asked', error),
  })
  const serverOf = (id: string): string =>
    get().elicitations.find((card) => card.id === id)?.serverName ?? 'the server'

  return {
    follow: () => [api.on('elicitation:changed', (changes) => follower.onChanges(changes))],

    load: () => follower.load(),

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
