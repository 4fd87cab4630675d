import type { InsertedPromptChip } from './prompt-picker-actions'
import { messageCountLabel } from './prompt-picker-model'
import { useAppState } from '../app/store-context'

/** Past this many characters a message's text is cut in the preview (all of it is inserted). */
const PREVIEW_CHARS = 600

function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text
}

/**
 * The chosen prompt's messages, waiting above the composer to be inserted before the next message. What
 * the server filled in can be read before sending (the disclosure), and × takes it away.
 */
export function PromptChip({ chip, onRemoved }: { chip: InsertedPromptChip; onRemoved: () => void }) {
  const removeInsertedPrompt = useAppState((state) => state.removeInsertedPrompt)
  const label = `Prompt: ${chip.key} (${messageCountLabel(chip.messages.length)})`
  return (
    <li className="composer-chip composer-chip--prompt" data-testid="prompt-chip">
      <details className="composer-chip-details">
        <summary
          className="composer-chip-summary"
          title={`From ${chip.serverName}; inserted before your text`}
        >
          {label}
        </summary>
        <ol className="prompt-chip-messages selectable" aria-label={`Messages of ${chip.key}`}>
          {chip.messages.map((message, index) => (
            <li key={index} className="prompt-chip-message">
              <span className="prompt-chip-role">{message.role}</span>
              {message.text !== '' && <span className="prompt-chip-text">{preview(message.text)}</span>}
              {message.resource && <code className="prompt-chip-resource">{message.resource.uri}</code>}
              {message.attachments.map((attachment, at) => (
                <span key={at} className="prompt-chip-attachment">
                  {attachment.kind} {attachment.mimeType} · {attachment.bytes} bytes
                </span>
              ))}
            </li>
          ))}
        </ol>
      </details>
      <button
        type="button"
        className="composer-chip-remove"
        aria-label={`Remove prompt ${chip.key}`}
        title="Remove"
        onClick={() => {
          removeInsertedPrompt()
          onRemoved()
        }}
      >
        ×
      </button>
    </li>
  )
}
