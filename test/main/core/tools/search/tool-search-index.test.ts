// ToolSearchIndex behaviour the host relies on: incremental per-server updates, the limit clamp, the
// permission filter, results without schemas, and clear errors for keys that are not unique.
import { describe, expect, it } from 'vitest'
import {
  MAX_SEARCH_LIMIT,
  ToolSearchIndex,
  type SearchableTool,
} from '../../../../../src/main/core/tools/search/tool-search-index'

function tool(
  serverId: string,
  name: string,
  description: string,
  inputSchema: unknown = {},
): SearchableTool {
  return { key: `mcp_${serverId}_${name}`, serverId, serverName: serverId, name, description, inputSchema }
}

const mail = [
  tool('mail', 'send_email', 'Send an email message to a recipient', {
    type: 'object',
    properties: { to: { type: 'string', description: 'Recipient address' }, subject: { type: 'string' } },
  }),
  tool('mail', 'list_inbox', 'List the messages in the inbox'),
  tool('mail', 'delete_email', 'Delete an email message'),
]
const calendar = [
  tool('calendar', 'create_event', 'Create a calendar event with attendees'),
  tool('calendar', 'list_events', 'List upcoming calendar events'),
]

function indexWith(...servers: SearchableTool[][]): ToolSearchIndex {
  const index = new ToolSearchIndex({ wordnet: null })
  for (const tools of servers) {
    const first = tools[0]
    if (first) index.setServerTools(first.serverId, tools)
  }
  return index
}

const keys = (index: ToolSearchIndex, query: string, limit = 8, only?: ReadonlySet<string>): string[] =>
  index.search(query, limit, only).map((hit) => hit.key)

describe('ToolSearchIndex', () => {
  it('finds tools by name words, description, parameters and synonyms of action verbs', () => {
    const index = indexWith(mail, calendar)
    expect(keys(index, 'sendEmail')[0]).toBe('mcp_mail_send_email')
    expect(keys(index, 'upcoming events')[0]).toBe('mcp_calendar_list_events')
    expect(keys(index, 'recipient address')[0]).toBe('mcp_mail_send_email')
    expect(keys(index, 'remove an email')[0]).toBe('mcp_mail_delete_email')
    expect(keys(index, 'zebra')).toEqual([])
    expect(keys(index, '   ')).toEqual([])
  })

  it('returns name, description and score only, never the schema', () => {
    const [hit] = indexWith(mail).search('send email', 1)
    expect(hit).toEqual({
      key: 'mcp_mail_send_email',
      name: 'send_email',
      description: 'Send an email message to a recipient',
      score: expect.any(Number),
    })
    expect(Object.keys(hit ?? {}).sort()).toEqual(['description', 'key', 'name', 'score'])
  })

  it('replaces one server’s tools without changing another server’s results', () => {
    const index = indexWith(mail, calendar)
    const calendarBefore = index.search('calendar events', 8).map((hit) => hit.key)
    index.setServerTools('mail', [tool('mail', 'archive_email', 'Archive an email message')])
    expect(index.size).toBe(3)
    expect(keys(index, 'delete email')).not.toContain('mcp_mail_delete_email')
    expect(keys(index, 'inbox')).toEqual([])
    expect(keys(index, 'archive email')[0]).toBe('mcp_mail_archive_email')
    expect(index.search('calendar events', 8).map((hit) => hit.key)).toEqual(calendarBefore)
  })

  it('removes a server entirely and ignores unknown servers', () => {
    const index = indexWith(mail, calendar)
    index.removeServer('mail')
    index.removeServer('never-added')
    expect(index.size).toBe(2)
    expect(keys(index, 'email message')).toEqual([])
    index.setServerTools('calendar', [])
    expect(index.size).toBe(0)
    expect(keys(index, 'calendar')).toEqual([])
  })

  it('clamps the limit to 1..20', () => {
    const many = Array.from({ length: 30 }, (_, i) => tool('bulk', `report_${i}`, `Report number ${i}`))
    const index = indexWith(many)
    expect(index.search('report', 100)).toHaveLength(MAX_SEARCH_LIMIT)
    expect(index.search('report', 0)).toHaveLength(1)
    expect(index.search('report', -5)).toHaveLength(1)
    expect(index.search('report', Number.NaN)).toHaveLength(1)
    expect(index.search('report', 3.9)).toHaveLength(3)
  })

  it('restricts results to the allowed keys when `only` is given', () => {
    const index = indexWith(mail, calendar)
    const allowed = new Set(['mcp_calendar_list_events', 'mcp_mail_list_inbox', 'mcp_unknown_tool'])
    expect(keys(index, 'list', 8, allowed).sort()).toEqual([
      'mcp_calendar_list_events',
      'mcp_mail_list_inbox',
    ])
    expect(keys(index, 'send email', 8, allowed)).toEqual([])
    expect(keys(index, 'list', 8, new Set())).toEqual([])
  })

  it('rejects a key used twice in one update or by another server, leaving the index as it was', () => {
    const index = indexWith(mail)
    expect(() =>
      index.setServerTools('other', [tool('other', 'x', 'first'), tool('other', 'x', 'second')]),
    ).toThrow(/"mcp_other_x" of server "other" is not unique/)
    const clash = { ...tool('calendar', 'send_email', 'Clash'), key: 'mcp_mail_send_email' }
    expect(() => index.setServerTools('calendar', [clash])).toThrow(/not unique/)
    expect(index.size).toBe(3)
    expect(keys(index, 'send email')[0]).toBe('mcp_mail_send_email')
  })

  it('indexes tools whose schema or description is odd without failing', () => {
    const cyclic: Record<string, unknown> = { type: 'object' }
    cyclic['properties'] = { loop: cyclic }
    const index = indexWith([
      tool('odd', 'cyclic_schema', 'Has a cyclic schema', cyclic),
      tool('odd', 'no_schema', '', undefined),
      tool('odd', 'weird', '\u0000\u{1F600} — ¿?', 'not a schema'),
    ])
    expect(index.size).toBe(3)
    expect(keys(index, 'loop')).toEqual(['mcp_odd_cyclic_schema'])
    expect(keys(index, 'no schema')).toContain('mcp_odd_no_schema')
    expect(keys(index, 'weird')).toEqual(['mcp_odd_weird'])
  })
})
