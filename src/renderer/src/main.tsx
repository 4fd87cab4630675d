// First import on purpose: zod must be configured before any schema module is evaluated.
import './zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './components/app'
import { createDeskClient } from './ipc/client'
import { createAppStore } from './state/app-store'
import { StoreProvider } from './state/store-context'
import { themeApplier } from './state/theme'
import './styles/theme.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/panels.css'
import './styles/servers.css'
import './styles/server-sign-in.css'
import './styles/server-form.css'
import './styles/models.css'
import './styles/approvals.css'
import './styles/approval-content.css'
import './styles/sampling.css'
import './styles/chat.css'
import './styles/tool-calls.css'
import './styles/elicitation.css'
import './styles/conversation-list.css'
import './styles/markdown.css'
import './styles/bundle-install.css'
import './styles/import.css'
import './styles/prompts.css'
import './styles/resources.css'
import './styles/roots.css'

const client = createDeskClient(window)
const store = createAppStore({ api: client.api, connection: client.connection })
void store.getState().start()

const applyTheme = themeApplier(document.documentElement)
const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App applyTheme={applyTheme} reload={() => window.location.reload()} />
    </StoreProvider>
  </StrictMode>,
)
