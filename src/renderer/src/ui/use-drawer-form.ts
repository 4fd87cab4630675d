import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { FieldErrors } from './value-rows-model'
import { useAppState } from '../app/store-context'

type SaveOutcome = { ok: true; id: string } | { ok: false; message: string; errorId: number }
type Built<I> = { ok: true; input: I } | { ok: false; errors: FieldErrors }

/**
 * What the drawer's add/edit forms share: the heading focused on open; problems shown beside their
 * fields before anything is sent, with focus taken to the first; an edited field's problem cleared at
 * once; what the host refuses shown above the buttons (and not repeated in the window's error list);
 * Escape leaving the form, not the drawer.
 */
export function useDrawerForm<S extends object>(options: {
  initial: () => S
  /** Error keys made stale by setting `key` to `value`; by default just `key`. */
  staleKeys?: (form: S, key: keyof S, value: unknown) => string[]
  onCancel: () => void
}) {
  const dismissError = useAppState((state) => state.dismissError)
  const [form, setForm] = useState<S>(options.initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [hostProblem, setHostProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Bumped when a check fails, so the first field with a problem gets focus after it is rendered.
  const [checks, setChecks] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    headingRef.current?.focus()
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checks])

  /** An edited field's problem goes away at once; the rest stay until the next Save. */
  const change = <K extends keyof S>(key: K, value: S[K]) => {
    const stale = options.staleKeys ? options.staleKeys(form, key, value) : [String(key)]
    if (stale.length > 0) {
      setErrors((previous) =>
        Object.fromEntries(Object.entries(previous).filter(([field]) => !stale.includes(field))),
      )
    }
    setForm((previous) => ({ ...previous, [key]: value }))
  }

  /** Checks with `build`; when it passes, sends with `save` and calls `onDone` once the host accepted. */
  const submit = async <I>(
    event: FormEvent,
    build: () => Built<I>,
    save: (input: I) => Promise<SaveOutcome>,
    onDone: (id: string) => void,
  ) => {
    event.preventDefault()
    const built = build()
    if (!built.ok) {
      setErrors(built.errors)
      setHostProblem(null)
      // Take the user to the first problem, not just paint it red somewhere below.
      setChecks((count) => count + 1)
      return
    }
    setErrors({})
    setHostProblem(null)
    setBusy(true)
    const result = await save(built.input)
    if (!mounted.current) return
    setBusy(false)
    if (result.ok) return onDone(result.id)
    setHostProblem(result.message)
    // Shown in the form, where the user is looking; the copy in the window's error list would only repeat it.
    dismissError(result.errorId)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      options.onCancel()
    }
  }

  return { form, setForm, errors, hostProblem, busy, formRef, headingRef, change, submit, onKeyDown }
}
