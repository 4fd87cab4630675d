import { useEffect, useMemo } from 'react'
import { useAppState } from '../app/store-context'
import { ToolCallApproval } from '../chat/tool-call-approval'

/**
 * The tool-call cards a view asked for, beside that view (also in full screen, where nothing else can be
 * seen). While the view is mounted it is "on screen", so the transcript and the drawer leave its cards to it.
 */
export function ViewCards({ instanceId }: { instanceId: string }) {
  const all = useAppState((state) => state.toolCalls)
  const setViewOnScreen = useAppState((state) => state.setViewOnScreen)
  const cards = useMemo(() => all.filter((card) => card.view?.instanceId === instanceId), [all, instanceId])
  useEffect(() => {
    setViewOnScreen(instanceId, true)
    return () => setViewOnScreen(instanceId, false)
  }, [instanceId, setViewOnScreen])
  if (cards.length === 0) return null
  return (
    <ul className="app-view-cards" aria-label="Tool calls this view asks for">
      {cards.map((card) => (
        <li key={card.id}>
          <ToolCallApproval card={card} />
        </li>
      ))}
    </ul>
  )
}
