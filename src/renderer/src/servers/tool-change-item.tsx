import type { ToolChange, ToolInfo } from '../../../shared/mcp/server-state'
import { revealInvisible } from '../../../shared/format/reveal-invisible'
import { RevealedText } from '../ui/revealed-text'
import { ToolAnnotationBadges } from '../tools/tool-annotation-badges'
import { toolTitle } from './server-tool-item'
import { ViewChangeDetails } from '../apps/view-change'

const fieldLabels: Record<ToolChange['fields'][number], string> = {
  title: 'title',
  description: 'description',
  inputSchema: 'input schema',
  annotations: 'annotations',
  ui: 'view',
}

function hiddenIn(...texts: Array<string | undefined>): number {
  return texts.reduce((count, text) => count + (text ? revealInvisible(text).hiddenCount : 0), 0)
}

function BeforeAfterText({ label, before, after }: { label: string; before?: string; after?: string }) {
  return (
    <div className="before-after" role="group" aria-label={`${label} before and after`}>
      <div className="before-after-side before-after-side--before">
        <h5 className="before-after-label">Before</h5>
        <p className="before-after-text">{before ? <RevealedText text={before} /> : <em>none</em>}</p>
      </div>
      <div className="before-after-side before-after-side--after">
        <h5 className="before-after-label">After</h5>
        <p className="before-after-text">{after ? <RevealedText text={after} /> : <em>none</em>}</p>
      </div>
    </div>
  )
}

function schemaText(tool: ToolInfo | undefined): string | undefined {
  return tool ? JSON.stringify(tool.inputSchema, null, 2) : undefined
}

/** What changed in one tool: description and title shown in full with invisible characters made visible. */
function ChangedDetails({ change }: { change: ToolChange }) {
  const { before, after } = change
  return (
    <>
      {change.fields.includes('description') && (
        <BeforeAfterText label="Description" before={before?.description} after={after?.description} />
      )}
      {change.fields.includes('title') && (
        <BeforeAfterText
          label="Title"
          before={before && toolTitle(before)}
          after={after && toolTitle(after)}
        />
      )}
      {change.fields.includes('annotations') && (
        <div className="change-annotations">
          <span className="before-after-label">Annotations before</span>
          <ToolAnnotationBadges annotations={before?.annotations} />
          <span className="before-after-label">after</span>
          <ToolAnnotationBadges annotations={after?.annotations} />
        </div>
      )}
      {change.fields.includes('ui') && <ViewChangeDetails before={before} after={after} />}
      {change.fields.includes('inputSchema') && (
        <details className="disclosure">
          <summary>Input schema before and after</summary>
          <div className="before-after before-after--code">
            {(['before', 'after'] as const).map((side) => (
              <div key={side} className={`before-after-side before-after-side--${side}`}>
                <h5 className="before-after-label">{side === 'before' ? 'Before' : 'After'}</h5>
                <pre className="schema-json selectable" tabIndex={0} aria-label={`Input schema ${side}`}>
                  <RevealedText text={schemaText(side === 'before' ? before : after) ?? ''} />
                </pre>
              </div>
            ))}
          </div>
        </details>
      )}
    </>
  )
}

/** One entry of "Tools changed since approval". */
export function ToolChangeItem({ change }: { change: ToolChange }) {
  const hidden =
    change.kind === 'removed'
      ? 0
      : hiddenIn(change.after?.description, change.after && toolTitle(change.after), change.after?.name)
  return (
    <li className={`tool-change tool-change--${change.kind}`} data-testid={`tool-change-${change.name}`}>
      <div className="tool-change-head">
        <span className={`change-kind change-kind--${change.kind}`}>{change.kind}</span>
        <RevealedText text={change.name} className="tool-name" />
        {change.kind === 'changed' && (
          <span className="change-fields">{change.fields.map((field) => fieldLabels[field]).join(', ')}</span>
        )}
      </div>
      {hidden > 0 && (
        <p className="change-warning" role="note">
          The new definition contains{' '}
          {hidden === 1 ? '1 invisible character' : `${hidden} invisible characters`}, shown as ⟦U+…⟧.
        </p>
      )}
      {change.kind === 'changed' && <ChangedDetails change={change} />}
      {change.kind === 'added' && change.after && (
        <p className="before-after-text">
          {change.after.description ? (
            <RevealedText text={change.after.description} />
          ) : (
            <em>No description.</em>
          )}
        </p>
      )}
    </li>
  )
}
