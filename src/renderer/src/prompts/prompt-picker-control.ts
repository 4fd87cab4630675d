import { useEffect, useMemo, useState, type KeyboardEvent } from 'react'
import type { PromptInfo } from '../../../shared/mcp/prompts'
import { filterPrompts, moveActive, pickerQuery } from './prompt-picker-model'
import { useAppState } from '../app/store-context'

export const PROMPT_LISTBOX_ID = 'prompt-picker-listbox'

export function promptOptionId(index: number): string {
  return `prompt-option-${index}`
}

export interface PromptPickerControl {
  open: boolean
  query: string
  options: PromptInfo[]
  activeIndex: number
  setActiveIndex: (index: number) => void
  /** The id the message box names as its active descendant while the list is open. */
  activeOptionId: string | undefined
  /** Handles the picker's keys; true when the key was the picker's (the composer then does nothing). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean
  /** Call with every new text: a closed (Escaped) list opens again once the slash is gone and retyped. */
  onTextChange: (text: string) => void
}

/**
 * The `/` picker's behaviour, for the composer's message box (the list follows the combobox pattern: focus
 * stays in the box, arrows move the highlighted option, Enter chooses it, Escape closes the list). The
 * prompts are listed again each time the list opens, so servers that connected meanwhile are included.
 */
export function usePromptPicker(
  text: string,
  enabled: boolean,
  onChoose: (prompt: PromptInfo) => void,
): PromptPickerControl {
  const catalog = useAppState((state) => state.promptCatalog)
  const loading = useAppState((state) => state.promptCatalogLoading)
  const loadPrompts = useAppState((state) => state.loadPrompts)
  const [dismissed, setDismissed] = useState(false)
  // The highlighted option belongs to one query: typing moves the highlight back to the best match.
  const [active, setActive] = useState<{ query: string; index: number }>({ query: '', index: 0 })

  const query = pickerQuery(text)
  const open = enabled && query !== null && !dismissed
  const options = useMemo(() => filterPrompts(catalog?.prompts ?? [], query ?? ''), [catalog, query])
  const activeIndex = active.query === query && active.index < options.length ? active.index : 0

  useEffect(() => {
    if (open) void loadPrompts()
  }, [open, loadPrompts])

  useEffect(() => {
    if (open) document.getElementById(promptOptionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' })
  }, [open, activeIndex])

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return false
      event.preventDefault()
      setActive({ query: query ?? '', index: moveActive(activeIndex, options.length, event.key) })
      return true
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      setDismissed(true)
      return true
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      const chosen = options[activeIndex]
      if (chosen) {
        event.preventDefault()
        onChoose(chosen)
        return true
      }
      // While the first list is on its way, Enter must not send "/summ" as a message by accident.
      if (loading && catalog === null) {
        event.preventDefault()
        return true
      }
    }
    return false
  }

  return {
    open,
    query: query ?? '',
    options,
    activeIndex,
    setActiveIndex: (index) => setActive({ query: query ?? '', index }),
    activeOptionId: open && options.length > 0 ? promptOptionId(activeIndex) : undefined,
    onKeyDown,
    onTextChange: (next) => {
      if (pickerQuery(next) === null) setDismissed(false)
    },
  }
}
