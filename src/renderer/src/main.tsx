// First import on purpose: zod must be configured before any schema module is evaluated.
import './zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createDeskClient } from './ipc/client'
import { createAppStore } from './app/app-store'
import { StoreProvider } from './app/store-context'
import { themeApplier } from './settings/theme'
import './ui/theme.css'
import './ui/base.css'
import './app/layout.css'
import './ui/panels.css'
import './servers/servers.css'
import './servers/server-sign-in.css'
import './servers/server-form.css'
import './models/models.css'
import './approvals/approvals.css'
import './approvals/approval-content.css'
import './sampling/sampling.css'
import './chat/chat.css'
import './chat/tool-calls.css'
import './elicitation/elicitation.css'
import './chat/conversation-list.css'
import './chat/markdown.css'
import './import/bundle-install.css'
import './import/import.css'
import './prompts/prompts.css'
import './resources/resources.css'
import './roots/roots.css'
import './apps/apps.css'
import './tools/semantic-search.css'
import './registry/registry.css'

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
