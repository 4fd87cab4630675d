import { useMemo, useState } from 'react'
import { formatByteSize } from '../../../shared/format/byte-size'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { revealInvisible } from '../../../shared/format/reveal-invisible'
import {
  LONG_SCHEMA_BYTES,
  schemaJson,
  toolChoiceMode,
  toolChoiceTexts,
  utf8Bytes,
  type OfferedTool,
} from './offered-tools'
import { RevealedText } from '../ui/revealed-text'

/**
 * A tool's input schema: closed until asked for; once open, pretty JSON in full, except that past 2 KiB it
 * starts in a scrolling box with "Show all", like the system prompt's preview.
 */
function ToolSchema({ id, tool }: { id: string; tool: OfferedTool }) {
  const text = useMemo(() => schemaJson(tool.inputSchema), [tool.inputSchema])
  const bytes = utf8Bytes(text)
  const long = bytes > LONG_SCHEMA_BYTES
  const [expanded, setExpanded] = useState(false)
  const collapsed = long && !expanded
  return (
    <details className="disclosure sampling-tool-schema">
      <summary>Input schema ({formatByteSize(bytes)})</summary>
      <pre
        id={id}
        className={collapsed ? 'schema-json schema-json--collapsed selectable' : 'schema-json selectable'}
        // Focusable so the keyboard can scroll a collapsed schema.
        tabIndex={0}
        aria-label={`Input schema of ${tool.name}`}
        data-testid="tool-schema"
      >
        <RevealedText text={text} />
      </pre>
      {long && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : `Show all (${formatByteSize(bytes)})`}
        </button>
      )}
    </details>
  )
}

function OfferedToolRow({
  id,
  tool,
  offered,
  disabled,
  onToggle,
}: {
  id: string
  tool: OfferedTool
  offered: boolean
  disabled: boolean
  onToggle: (offered: boolean) => void
}) {
  const hidden = revealInvisible(tool.name).hiddenCount + revealInvisible(tool.description ?? '').hiddenCount
  return (
    <li
      className={offered ? 'sampling-tool' : 'sampling-tool sampling-tool--removed'}
      data-testid="sampling-tool"
    >
      <div className="sampling-tool-head">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={offered}
            disabled={disabled}
            aria-describedby={`${id}-description`}
            onChange={(event) => onToggle(event.target.checked)}
          />
          <RevealedText text={tool.name} className="tool-name sampling-tool-name" />
        </label>
        {!offered && <span className="edited-mark">removed from the offer</span>}
      </div>
      <p id={`${id}-description`} className="tool-description">
        {tool.description ? <RevealedText text={tool.description} /> : <em>No description.</em>}
      </p>
      {hidden > 0 && (
        <p className="change-warning" role="note">
          This tool’s name or description contains{' '}
          {hidden === 1 ? '1 invisible character' : `${hidden} invisible characters`}, shown as ⟦U+…⟧.
        </p>
      )}
      <ToolSchema id={`${id}-schema`} tool={tool} />
    </li>
  )
}

/**
 * "Tools offered": what the server lets the model call and in which mode. Each tool has a checkbox;
 * unchecking takes it out of the offer the model sees (the host never runs these tools, the server does).
 */
export function SamplingTools({
  id,
  card,
  removed,
  disabled,
  onToggle,
}: {
  id: string
  card: SamplingCard
  removed: ReadonlySet<string>
  disabled: boolean
  onToggle: (name: string, offered: boolean) => void
}) {
  if (card.tools.length === 0) return null
  const mode = toolChoiceMode(card)
  const offeredCount = card.tools.filter((tool) => !removed.has(tool.name)).length
  return (
    <section
      className="sampling-section sampling-tools"
      aria-labelledby={`${id}-tools-label`}
      data-testid="sampling-tools"
    >
      <div className="sampling-section-head">
        <span id={`${id}-tools-label`} className="field-label">
          Tools offered
        </span>
        <span className="hint">
          {offeredCount} of {card.tools.length}
        </span>
      </div>
      <p className="sampling-tools-mode" data-testid="tool-choice">
        <code>{mode}</code>: {toolChoiceTexts[mode]}
      </p>
      <ul className="sampling-tool-list" aria-labelledby={`${id}-tools-label`}>
        {card.tools.map((tool, index) => (
          <OfferedToolRow
            key={`${index}-${tool.name}`}
            id={`${id}-tool-${index}`}
            tool={tool}
            offered={!removed.has(tool.name)}
            disabled={disabled}
            onToggle={(offered) => onToggle(tool.name, offered)}
          />
        ))}
      </ul>
    </section>
  )
}
