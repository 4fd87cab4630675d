import { useAppState } from '../app/store-context'

/**
 * The window before any model provider is configured: the two steps that make MCP Desk useful, each one
 * click away — the add-provider form, and adding a server or importing the ones another app already has.
 */
export function FirstRun() {
  const openDrawerToAdd = useAppState((state) => state.openDrawerToAdd)
  const openImport = useAppState((state) => state.openImport)
  const serverCount = useAppState((state) => state.settings?.servers.length ?? 0)
  return (
    <div className="empty-state first-run" data-testid="first-run">
      <h2 className="empty-state-title">Welcome to MCP Desk</h2>
      <p>
        Chat with your models, let them use the tools of your MCP servers, and let servers ask a model for
        help. Every call waits for your approval.
      </p>
      <ol className="first-run-steps">
        <li className="first-run-step">
          <h3 className="first-run-step-title">Add a model provider</h3>
          <p>OpenAI, Anthropic-compatible gateways, a local Ollama or LM Studio, OpenRouter…</p>
          <button
            type="button"
            className="button button--primary empty-state-action"
            onClick={() => openDrawerToAdd('models')}
          >
            Add a model provider
          </button>
        </li>
        <li className="first-run-step">
          <h3 className="first-run-step-title">Add MCP servers</h3>
          <p>
            {serverCount > 0
              ? `${serverCount} ${serverCount === 1 ? 'server is' : 'servers are'} configured already.`
              : 'Start one by its command or URL, or bring over the servers of Claude Desktop, VS Code, Cursor and other apps (you can also drop their config file on this window).'}
          </p>
          <div className="first-run-actions">
            <button type="button" className="button" onClick={() => openDrawerToAdd('servers')}>
              Add a server
            </button>
            <button type="button" className="button" onClick={openImport}>
              Import from another app…
            </button>
          </div>
        </li>
      </ol>
    </div>
  )
}
