import { useId, useState } from 'react'
import type { ToolInfo } from '../../../shared/mcp/server-state'
import { RevealedText } from '../ui/revealed-text'
import { ToolAnnotationBadges } from '../tools/tool-annotation-badges'
import { OpenViewAction, ToolVisibilityBadge } from '../apps/open-view-action'

/** Past this a description is clamped to a few lines until the user asks for all of it. */
const LONG_DESCRIPTION = 240

export function toolTitle(tool: ToolInfo): string | undefined {
  return tool.title ?? tool.annotations?.title
}

/** One tool: its name, the name models see, its title, declared hints, who may call it, its description. */
export function ServerToolItem({ tool, serverId }: { tool: ToolInfo; serverId: string }) {
  const [expanded, setExpanded] = useState(false)
  const descriptionId = useId()
  const title = toolTitle(tool)
  const long = tool.description.length > LONG_DESCRIPTION || tool.description.split('\n').length > 3
  return (
    <li className="tool" data-testid={`tool-${tool.name}`}>
      <div className="tool-head">
        <RevealedText text={tool.name} className="tool-name" />
        {title && title !== tool.name && <RevealedText text={title} className="tool-title" />}
        <ToolAnnotationBadges annotations={tool.annotations} />
        <ToolVisibilityBadge ui={tool.ui} />
        <OpenViewAction serverId={serverId} tool={tool} />
      </div>
      <code className="tool-exposed selectable" title="The name models see">
        {tool.exposedName}
      </code>
      {tool.description === '' ? (
        <p className="empty-note">No description.</p>
      ) : (
        <>
          <p
            id={descriptionId}
            className={long && !expanded ? 'tool-description is-clamped' : 'tool-description'}
          >
            <RevealedText text={tool.description} />
          </p>
          {long && (
            <button
              type="button"
              className="link-button"
              aria-expanded={expanded}
              aria-controls={descriptionId}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? 'Show less' : 'Show all'}
            </button>
          )}
        </>
      )}
    </li>
  )
}
