import type { ToolInfo } from '../../../shared/mcp/server-state'
import { ServerToolItem } from './server-tool-item'

function toolCount(count: number): string {
  return count === 1 ? '1 tool' : `${count} tools`
}

/** The tool count, and the tools themselves behind a disclosure (servers can list hundreds). */
export function ServerToolList({
  tools,
  serverName,
  serverId,
}: {
  tools: ToolInfo[]
  serverName: string
  serverId: string
}) {
  if (tools.length === 0) return <p className="server-tool-count">No tools</p>
  return (
    <details className="disclosure tool-list-disclosure">
      <summary data-testid="tool-count">{toolCount(tools.length)}</summary>
      <ul className="tool-list" aria-label={`Tools of ${serverName}`}>
        {tools.map((tool) => (
          <ServerToolItem key={tool.name} tool={tool} serverId={serverId} />
        ))}
      </ul>
    </details>
  )
}
