import type { DeskApi } from '../../../shared/ipc/contract'
import type { ApprovalDecision, AuditEntry, SamplingCard } from '../../../shared/sampling/sampling-card'
import type { SamplingSettings } from '../../../shared/settings/settings-schema'
import type { SettingsView } from '../../../shared/settings/settings-view'
import type { Call } from '../ipc/client'
import {
  ACTIVITY_LIMIT,
  appendStream,
  mergeActivity,
  pruneStreams,
  waitingCount,
  type StreamedText,
} from '../approvals/approvals-model'
import { activityDetail, failedAfterApproval } from './sampling-labels'
import { createCardFollower } from '../approvals/card-changes-model'

/** A request to bring one card into view; `seq` changes each time, so asking twice for one card works. */
export interface ApprovalFocusRequest {
  id: string
  seq: number
}

export interface SamplingState {
  /** Every card the host holds: waiting for a decision, streaming, or waiting for review. */
  approvals: SamplingCard[]
  /** Cards waiting for the user (phase approval or review): the bell's count, the same as the tray's. */
  pendingApprovals: number
  /** Text streamed so far, by card id. */
  streams: Record<string, StreamedText>
  approvalFocus: ApprovalFocusRequest | null
  /** Audit entries, newest first; filled by `loadActivity` and every `sampling:activity` event. */
  activity: AuditEntry[]
  activityLoaded: boolean
}

export interface SamplingActions {
  /** Sends the user's decision; false (with a visible error) when the host refused it. */
  decideApproval: (id: string, decision: ApprovalDecision) => Promise<boolean>
  /** Brings a waiting card (any kind) into view with focus, as a notification click does. */
  revealApproval: (id: string) => void
  /** The streaming card's Stop button. */
  stopSampling: (id: string) => Promise<boolean>
  loadActivity: () => Promise<void>
  updateSamplingSettings: (patch: Partial<SamplingSettings>) => Promise<boolean>
}

export interface SamplingActionDeps {
  api: DeskApi
  call: Call
  get: () => SamplingState
  set: (partial: Partial<SamplingState>) => void
  setSettings: (update: (settings: SettingsView) => SettingsView) => void
  /** Brings the card with this id into view: opens the approvals drawer unless the card is shown elsewhere. */
  showApprovals: (id: string) => void
  /** Adds a visible error and returns its id. */
  report: (context: string, error: unknown) => { id: number; message: string }
}

export function initialSamplingState(): SamplingState {
  return {
    approvals: [],
    pendingApprovals: 0,
    streams: {},
    approvalFocus: null,
    activity: [],
    activityLoaded: false,
  }
}

/**
 * Approval cards, streamed completions, the activity log and the sampling settings, as the host reports
 * them. `follow` subscribes to the host's events (cards arrive as numbered deltas); `load` asks for the
 * whole list of cards (at start, or after a missed delta), and deltas newer than it are replayed on top.
 */
export function createSamplingActions(deps: SamplingActionDeps): SamplingActions & {
  follow: () => Array<() => void>
  load: () => Promise<void>
} {
  const { api, call, get, set, report } = deps
  const approvals = createCardFollower<SamplingCard>({
    fetch: async () => {
      const { approvals: cards, seq } = await call('approvals:list', {})
      return { cards, seq }
    },
    read: () => get().approvals,
    write: (cards) => setApprovals(cards),
    onError: (error) => report('Could not list pending approvals', error),
  })
  let focusSeq = 0
  const reveal = (id: string): void => {
    focusSeq++
    set({ approvalFocus: { id, seq: focusSeq } })
    deps.showApprovals(id)
  }

  const setApprovals = (approvals: SamplingCard[]) => {
    set({
      approvals,
      pendingApprovals: waitingCount(approvals),
      streams: pruneStreams(get().streams, approvals),
    })
  }

  const serverOf = (id: string): string => get().approvals.find((card) => card.id === id)?.serverName ?? id

  return {
    follow: () => [
      api.on('approvals:changed', (changes) => approvals.onChanges(changes)),
      api.on('sampling:stream', (event) => set({ streams: appendStream(get().streams, event) })),
      api.on('sampling:activity', ({ entry }) => {
        set({ activity: mergeActivity(get().activity, [entry]) })
        if (failedAfterApproval(entry)) {
          report(
            `The completion you approved for ${entry.serverName} ${entry.outcome === 'stalled' ? 'stalled' : 'failed'}`,
            new Error(activityDetail(entry) || 'no reason was given; the request is in Activity'),
          )
        }
      }),
      api.on('approvals:focus', ({ id }) => reveal(id)),
    ],

    load: () => approvals.load(),

    revealApproval: reveal,

    async decideApproval(id, decision) {
      const server = serverOf(id)
      try {
        await call('approvals:decide', { id, decision })
        return true
      } catch (error) {
        const verb = decision.kind === 'deny' ? 'deny' : 'approve'
        report(`Could not ${verb} the request from ${server}`, error)
        return false
      }
    },

    async stopSampling(id) {
      const server = serverOf(id)
      try {
        await call('sampling:stop', { id })
        return true
      } catch (error) {
        report(`Could not stop the completion for ${server}`, error)
        return false
      }
    },

    async loadActivity() {
      try {
        const { entries } = await call('sampling:activity', { limit: ACTIVITY_LIMIT })
        // Events that arrived while the answer was on its way are merged, not lost.
        set({ activity: mergeActivity(get().activity, entries), activityLoaded: true })
      } catch (error) {
        report('Could not load the sampling activity', error)
      }
    },

    async updateSamplingSettings(patch) {
      try {
        const sampling = await call('sampling:update-settings', patch)
        deps.setSettings((settings) => ({ ...settings, sampling }))
        return true
      } catch (error) {
        report('Could not save the sampling settings', error)
        return false
      }
    },
  }
}
