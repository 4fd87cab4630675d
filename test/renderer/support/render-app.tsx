import { render } from '@testing-library/react'
import { App } from '../../../src/renderer/src/app/app'
import type { ConnectionMonitor } from '../../../src/renderer/src/ipc/connection'
import { createAppStore, type AppStore } from '../../../src/renderer/src/app/app-store'
import { StoreProvider } from '../../../src/renderer/src/app/store-context'
import { themeApplier } from '../../../src/renderer/src/settings/theme'
import { FakeDeskApi } from './fake-desk-api'

/** Builds the store the way main.tsx does, finishes the initial load, then renders the whole window. */
export async function renderApp(
  api = new FakeDeskApi(),
  options: { connection?: ConnectionMonitor; reload?: () => void } = {},
): Promise<{ api: FakeDeskApi; store: AppStore; themeRoot: HTMLElement; view: ReturnType<typeof render> }> {
  const store = createAppStore({ api, ...(options.connection ? { connection: options.connection } : {}) })
  await store.getState().start()
  const themeRoot = document.createElement('div')
  const view = render(
    <StoreProvider store={store}>
      <App applyTheme={themeApplier(themeRoot)} reload={options.reload ?? (() => {})} />
    </StoreProvider>,
  )
  return { api, store, themeRoot, view }
}
