import type { MessageAttachmentRecord, TranscriptRecord } from '../../../shared/chat/transcript-schema'
import { formatBytes } from '../models/model-labels'

type PromptRecord = Extract<TranscriptRecord, { type: 'prompt' }>

const kindLabels: Record<MessageAttachmentRecord['kind'], string> = {
  text: 'Text',
  image: 'Image',
  audio: 'Audio',
  binary: 'File',
}

const roleLabels: Record<PromptRecord['messages'][number]['role'], string> = {
  user: 'User',
  assistant: 'Assistant',
}

function attachmentLabel(attachment: MessageAttachmentRecord): string {
  return [kindLabels[attachment.kind], attachment.uri, attachment.mimeType, formatBytes(attachment.bytes)]
    .filter((part): part is string => Boolean(part))
    .join(' · ')
}

/**
 * What went with a message the user sent: each resource or media item by kind, address, type and size, and
 * — when the model did not get it — why. Transcripts never keep the bytes, so there is nothing to preview.
 */
export function SentAttachments({
  attachments,
  label,
}: {
  attachments: readonly MessageAttachmentRecord[]
  label: string
}) {
  if (attachments.length === 0) return null
  return (
    <ul className="chat-attachments" aria-label={label}>
      {attachments.map((attachment, index) => (
        <li
          key={index}
          className={`chat-attachment${attachment.notSent === undefined ? '' : ' chat-attachment--not-sent'}`}
        >
          <span className="selectable">{attachmentLabel(attachment)}</span>
          {attachment.notSent !== undefined && (
            <span className="chat-attachment-note">Not sent to the model: {attachment.notSent}</span>
          )}
        </li>
      ))}
    </ul>
  )
}

/** A server prompt's messages the user inserted before their own, with the prompt they came from. */
export function InsertedPrompt({ record }: { record: PromptRecord }) {
  const name = `${record.serverId}:${record.prompt}`
  return (
    <section className="chat-prompt" aria-label={`Prompt ${name}`}>
      <p className="chat-prompt-source">
        Prompt <strong className="selectable">{name}</strong> inserted
      </p>
      <ol className="chat-prompt-messages">
        {record.messages.map((message, index) => (
          <li key={index} className={`chat-prompt-message chat-prompt-message--${message.role}`}>
            <span className="chat-prompt-role">
              {roleLabels[message.role]}
              {message.resource && ` · resource ${message.resource.uri}`}
            </span>
            {message.text.length > 0 && (
              <div className="chat-prompt-text selectable" tabIndex={0} aria-label="Message text">
                {message.text}
              </div>
            )}
            {message.text.length === 0 && message.attachments.length === 0 && (
              <span className="hint">An empty message.</span>
            )}
            <SentAttachments attachments={message.attachments} label="Attachments" />
          </li>
        ))}
      </ol>
    </section>
  )
}
