import { formatByteSize } from '../../../shared/format/byte-size'
import type { CardContent, CardMessage } from '../../../shared/sampling/sampling-card'
import { textKey } from './sampling-edits'
import { formatDuration, roleLabels } from './sampling-labels'
import { RevealedText } from '../ui/revealed-text'

function mediaFacts(item: Extract<CardContent, { type: 'image' | 'audio' }>): string {
  const facts: string[] = [item.mimeType]
  if (item.type === 'image' && item.width !== undefined && item.height !== undefined) {
    facts.push(`${item.width} × ${item.height}`)
  }
  facts.push(formatByteSize(item.bytes))
  if (item.type === 'audio' && item.durationMs !== undefined) facts.push(formatDuration(item.durationMs))
  return facts.join(' · ')
}

function ContentItem({
  item,
  label,
  text,
  edited,
  editing,
  onEdit,
}: {
  item: CardContent
  /** Names the item for assistive technology, e.g. "Message 2 (user), item 1". */
  label: string
  /** The text to show for a text item: the user's edit or the original. */
  text: string | undefined
  edited: boolean
  editing: boolean
  onEdit: (text: string) => void
}) {
  switch (item.type) {
    case 'text':
      return editing ? (
        <textarea
          className="text-input sampling-edit"
          aria-label={label}
          value={text ?? item.text}
          rows={Math.min(8, Math.max(2, (text ?? item.text).split('\n').length))}
          spellCheck={false}
          onChange={(event) => onEdit(event.target.value)}
        />
      ) : (
        <p className="bubble-text">
          <RevealedText text={text ?? item.text} />
          {edited && <span className="edited-mark">edited</span>}
        </p>
      )
    case 'image':
      return (
        <figure className="bubble-media">
          {item.dataUrl ? (
            <img className="bubble-thumbnail" src={item.dataUrl} alt={`${label}: image`} />
          ) : (
            <span className="bubble-thumbnail bubble-thumbnail--none">no preview</span>
          )}
          <figcaption className="bubble-media-facts">Image · {mediaFacts(item)}</figcaption>
        </figure>
      )
    case 'audio':
      return <p className="bubble-media-facts">Audio · {mediaFacts(item)}</p>
    case 'other':
      return <p className="bubble-media-facts">{item.summary}</p>
  }
}

/** Each message as a bubble with its role; text items become text areas while the card is edited. */
export function SamplingMessages({
  messages,
  texts,
  editing,
  onEdit,
}: {
  messages: CardMessage[]
  /** Edited texts by `textKey(message, item)`. */
  texts: Record<string, string>
  editing: boolean
  onEdit: (key: string, text: string) => void
}) {
  return (
    <ol
      className={editing ? 'sampling-messages sampling-messages--editing' : 'sampling-messages'}
      aria-label="Messages"
    >
      {messages.map((message, messageIndex) => (
        <li
          key={messageIndex}
          className={`bubble bubble--${message.role} selectable`}
          data-testid="sampling-message"
        >
          <span className="bubble-role">{roleLabels[message.role]}</span>
          {message.content.map((item, itemIndex) => {
            const key = textKey(messageIndex, itemIndex)
            const edit = texts[key]
            return (
              <ContentItem
                key={itemIndex}
                item={item}
                label={`Message ${messageIndex + 1} (${message.role}), item ${itemIndex + 1}`}
                text={edit}
                edited={item.type === 'text' && edit !== undefined && edit !== item.text}
                editing={editing}
                onEdit={(text) => onEdit(key, text)}
              />
            )
          })}
        </li>
      ))}
    </ol>
  )
}
