import type { PromptInfo } from '../../../shared/mcp/prompts'
import { useAppState } from '../app/store-context'
import { PROMPT_LISTBOX_ID, promptOptionId, type PromptPickerControl } from './prompt-picker-control'

function argumentSummary(prompt: PromptInfo): string | null {
  if (prompt.arguments.length === 0) return null
  return prompt.arguments
    .map((argument) => (argument.required ? `${argument.name}*` : argument.name))
    .join(', ')
}

function PromptOption({
  prompt,
  index,
  active,
  onChoose,
  onHover,
}: {
  prompt: PromptInfo
  index: number
  active: boolean
  onChoose: () => void
  onHover: () => void
}) {
  const args = argumentSummary(prompt)
  return (
    // Keyboard use goes through the message box (aria-activedescendant); the mouse can click an option.
    <li
      id={promptOptionId(index)}
      role="option"
      aria-selected={active}
      className={active ? 'prompt-option prompt-option--active' : 'prompt-option'}
      // Keeps focus in the message box, which owns the list.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={onChoose}
    >
      <span className="prompt-option-head">
        <span className="prompt-option-key">/{prompt.key}</span>
        {prompt.title && <span className="prompt-option-title">{prompt.title}</span>}
        {args && (
          <span className="prompt-option-args" title="Arguments (* required)">
            {args}
          </span>
        )}
      </span>
      {prompt.description && <span className="prompt-option-description">{prompt.description}</span>}
    </li>
  )
}

/**
 * The list the `/` picker shows above the message box: each connected server's prompts as `server:prompt`
 * with their descriptions, filtered by what follows the slash. Servers whose list failed are named below.
 */
export function PromptPicker({
  picker,
  onChoose,
}: {
  picker: PromptPickerControl
  onChoose: (prompt: PromptInfo) => void
}) {
  const catalog = useAppState((state) => state.promptCatalog)
  const loading = useAppState((state) => state.promptCatalogLoading)
  const error = useAppState((state) => state.promptCatalogError)
  const { options, activeIndex, query } = picker

  const emptyText =
    loading && catalog === null
      ? 'Listing the servers’ prompts…'
      : query !== ''
        ? `No prompt matches “${query}”. Escape closes this list; Enter sends the text as it is.`
        : 'No connected server offers prompts.'

  return (
    <div className="prompt-picker" data-testid="prompt-picker">
      <ul
        id={PROMPT_LISTBOX_ID}
        role="listbox"
        aria-label="Prompts"
        className="prompt-picker-list"
        hidden={options.length === 0}
      >
        {options.map((prompt, index) => (
          <PromptOption
            key={prompt.key}
            prompt={prompt}
            index={index}
            active={index === activeIndex}
            onChoose={() => onChoose(prompt)}
            onHover={() => picker.setActiveIndex(index)}
          />
        ))}
      </ul>
      <p className="prompt-picker-status hint" role="status">
        {options.length === 0
          ? emptyText
          : `${options.length === 1 ? '1 prompt' : `${options.length} prompts`}: ↑↓ to choose, Enter to insert, Escape to close.`}
      </p>
      {error && (
        <p className="field-error selectable" role="alert">
          Could not list prompts: {error}
        </p>
      )}
      {catalog?.failures.map((failure) => (
        <p key={failure.serverId} className="hint selectable" data-testid="prompt-list-failure">
          {failure.serverName}: could not list its prompts ({failure.reason})
        </p>
      ))}
    </div>
  )
}
