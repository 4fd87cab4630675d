import { useAppState } from './store-context'
import { WarningList } from './warning-list'

const noWarnings: string[] = []

export function StartupWarnings({ testId }: { testId: string }) {
  const warnings = useAppState((state) => state.info?.startupWarnings ?? noWarnings)
  return <WarningList warnings={warnings} testId={testId} title="Problems found at start-up" />
}
