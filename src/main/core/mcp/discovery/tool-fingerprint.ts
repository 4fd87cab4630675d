import { createHash } from 'node:crypto'
import type { ToolChange, ToolInfo } from '../../../../shared/mcp/server-state'

type ToolChangeField = ToolChange['fields'][number]
/** The parts of a definition that can change under a name, in the order changes list them. */
const CHANGE_FIELDS: readonly ToolChangeField[] = ['title', 'description', 'inputSchema', 'annotations', 'ui']

/** JSON with object keys sorted at every depth, so equal definitions give equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (typeof nested !== 'object' || nested === null || Array.isArray(nested)) return nested
    const entries = Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return Object.fromEntries(entries)
  })
}

/**
 * The parts of a tool's `ui` that are its definition: the view it names, who may call it and the view as
 * read (HTML fingerprint and declarations). `viewError` is not: a read can fail once and recover.
 */
function uiDefinition(tool: ToolInfo): ToolInfo['ui'] {
  if (!tool.ui) return undefined
  const { resourceUri, visibility, view } = tool.ui
  if (resourceUri === undefined && visibility === undefined && view === undefined) return undefined
  return { resourceUri, visibility, view }
}

/**
 * What a tool's definition is, for the rug-pull guard: name, title, description, schema, annotations and
 * its MCP Apps `ui`. A tool without `ui` hashes as before it existed (JSON drops undefined members).
 */
export function fingerprintTool(tool: ToolInfo): string {
  const definition = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
    ui: uiDefinition(tool),
  }
  return createHash('sha256').update(canonicalJson(definition)).digest('hex')
}

function changedFields(before: ToolInfo, after: ToolInfo): ToolChangeField[] {
  const part = (tool: ToolInfo, field: ToolChangeField): unknown =>
    field === 'ui' ? uiDefinition(tool) : tool[field]
  return CHANGE_FIELDS.filter(
    (field) => canonicalJson(part(before, field)) !== canonicalJson(part(after, field)),
  )
}

/** The change that turns `before` into `after` (either may be absent), or undefined when there is none. */
function changeBetween(before: ToolInfo | undefined, after: ToolInfo | undefined): ToolChange | undefined {
  if (before && after) {
    if (fingerprintTool(before) === fingerprintTool(after)) return undefined
    return {
      kind: 'changed',
      name: after.name,
      exposedName: after.exposedName,
      fields: changedFields(before, after),
      before,
      after,
    }
  }
  if (after) return { kind: 'added', name: after.name, exposedName: after.exposedName, fields: [], after }
  if (before)
    return { kind: 'removed', name: before.name, exposedName: before.exposedName, fields: [], before }
  return undefined
}

function byName(tools: readonly ToolInfo[]): Map<string, ToolInfo> {
  return new Map(tools.map((tool) => [tool.name, tool]))
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function changesFor(
  names: Iterable<string>,
  beforeOf: (name: string) => ToolInfo | undefined,
  afterOf: (name: string) => ToolInfo | undefined,
): ToolChange[] {
  const changes: ToolChange[] = []
  for (const name of [...new Set(names)].sort(compareNames)) {
    const change = changeBetween(beforeOf(name), afterOf(name))
    if (change) changes.push(change)
  }
  return changes
}

/**
 * What differs between two listings of one server, matched by the server's tool name and sorted by it.
 * A new exposed name alone (another tool's arrival can add a hash suffix) is not a change of definition.
 */
export function diffTools(before: readonly ToolInfo[], after: readonly ToolInfo[]): ToolChange[] {
  const beforeByName = byName(before)
  const afterByName = byName(after)
  return changesFor(
    [...beforeByName.keys(), ...afterByName.keys()],
    (name) => beforeByName.get(name),
    (name) => afterByName.get(name),
  )
}
