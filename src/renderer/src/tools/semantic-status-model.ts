import type { SemanticState, SemanticStatus } from '../../../shared/tools/semantic-status'
import type { ProviderView } from '../../../shared/settings/settings-view'

export type StatusTone = 'idle' | 'busy' | 'ok' | 'failed'

export interface SemanticStatusLine {
  /** One line, e.g. "Embedding tools: 412 of 879". */
  text: string
  /** What produces the vectors now, shown beside the text while the layer is on. */
  source?: string
  /** The colour of the dot before the text. */
  tone: StatusTone
  /** A fallback or failure the user should know about, shown apart in a callout. */
  note?: string
}

/** The host's sourceLabel when nothing produces vectors (the layer is off or has no source). */
const NO_SOURCE = 'none'

const tones: Record<SemanticState, StatusTone> = {
  off: 'idle',
  starting: 'busy',
  embedding: 'busy',
  ready: 'ok',
  failed: 'failed',
}

function tools(count: number): string {
  return count === 1 ? '1 tool' : `${count} tools`
}

/**
 * What the settings say about the semantic layer: null (not known yet) reads as "Checking…", and a status
 * the host could not give (`problem`) as unknown, with the reason.
 */
export function semanticStatusLine(
  status: SemanticStatus | null,
  problem: string | null = null,
): SemanticStatusLine {
  if (!status && problem !== null) return { text: `Status unknown: ${problem}`, tone: 'failed' }
  if (!status) return { text: 'Checking…', tone: 'idle' }
  const tone = tones[status.state]
  const line = (text: string): SemanticStatusLine => ({
    text,
    tone,
    ...(status.sourceLabel && status.sourceLabel !== NO_SOURCE ? { source: status.sourceLabel } : {}),
    ...(status.note ? { note: status.note } : {}),
  })
  switch (status.state) {
    case 'off':
      return line('Off: search matches words only')
    case 'starting':
      return line('Loading the model…')
    case 'embedding':
      return line(`Embedding tools: ${status.ready} of ${status.total}`)
    case 'ready':
      return line(status.total === 0 ? 'Ready: no tools connected yet' : `Ready: ${tools(status.total)}`)
    case 'failed':
      // The host's note is a whole sentence with the reason ("Search by meaning is unavailable: …"), so the
      // line stays short and the note says why, in the callout.
      return line('Unavailable: search matches words only')
  }
}

/** A provider as the source select names it: its name and where it runs, since two may share a name. */
export function providerOptionLabel(provider: Pick<ProviderView, 'name' | 'baseUrl'>): string {
  try {
    return `${provider.name} (${new URL(provider.baseUrl).host})`
  } catch {
    return provider.name
  }
}
