import type { DeskApi } from '../../../shared/ipc/contract'
import type { SemanticStatus } from '../../../shared/tools/semantic-status'
import type { Call } from '../ipc/client'

export interface SemanticStatusState {
  /** What tool search's semantic layer is doing (issue 23); null until the host has said. */
  semanticStatus: SemanticStatus | null
  /** Why the host could not be asked for it; shown in the status line, since only that line depends on it. */
  semanticStatusProblem: string | null
}

export interface SemanticStatusSlice extends SemanticStatusState {
  /**
   * Asks the host for the status and follows its `tools:semantic-status` event until the returned function
   * is called. The settings section calls it while it is shown: nothing else in the window needs the status.
   */
  followSemanticStatus: () => () => void
}

export interface SemanticStatusDeps {
  api: Pick<DeskApi, 'on'>
  call: Call
  set: (partial: Partial<SemanticStatusState>) => void
}

export function createSemanticStatusSlice({ api, call, set }: SemanticStatusDeps): SemanticStatusSlice {
  // Bumped by each event, so a slow answer to the request cannot replace the newer status an event brought.
  let revision = 0
  return {
    semanticStatus: null,
    semanticStatusProblem: null,
    followSemanticStatus() {
      const unsubscribe = api.on('tools:semantic-status', (status) => {
        revision++
        set({ semanticStatus: status, semanticStatusProblem: null })
      })
      const askedAt = revision
      call('tools:semantic-status', {}).then(
        (status) => {
          if (revision === askedAt) set({ semanticStatus: status, semanticStatusProblem: null })
        },
        (error: unknown) => {
          if (revision !== askedAt) return
          const message = error instanceof Error ? error.message : String(error)
          set({ semanticStatusProblem: message })
        },
      )
      return unsubscribe
    },
  }
}
