// Reading views at listing time (issue 22), against a real MCP server in process: only the MCP Apps mime
// type, text or base64 within the size limit and valid declarations make a view; anything else sets
// `viewError` for its tools and never fails the listing. Malformed `_meta.ui` is ignored per tool.
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from '@modelcontextprotocol/client'
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { MAX_VIEW_HTML_BYTES, MCP_APP_MIME_TYPE } from '../../../../src/shared/apps/view-schema'
import { readToolViews, viewFingerprint } from '../../../../src/main/core/apps/view-resources'
import { toToolInfo } from '../../../../src/main/core/mcp/discovery/tool-naming'
import { canonicalJson, fingerprintTool } from '../../../../src/main/core/mcp/discovery/tool-fingerprint'
import { createHash } from 'node:crypto'
import { toolUiOf } from '../../../../src/main/core/apps/tool-ui'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const HTML = '<!doctype html><p>hello</p>'

async function connectedTo(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'test', version: '1' })
  await client.connect(clientSide)
  closers.push(async () => {
    await client.close()
    await server.close()
  })
  return client
}

function serverWithViews(): McpServer {
  const server = new McpServer({ name: 'views', version: '1' })
  const view = (name: string, contents: Record<string, unknown>): void => {
    server.registerResource(name, `ui://views/${name}`, {}, (uri) => ({
      contents: [{ uri: uri.href, ...contents } as never],
    }))
    server.registerTool(
      `tool-${name}`,
      { inputSchema: z.object({}), _meta: { ui: { resourceUri: `ui://views/${name}` } } },
      () => ({ content: [] }),
    )
  }
  view('good', { mimeType: MCP_APP_MIME_TYPE, text: HTML, _meta: { ui: { prefersBorder: true } } })
  view('blob', { mimeType: MCP_APP_MIME_TYPE, blob: Buffer.from(HTML).toString('base64') })
  view('plain', { mimeType: 'text/html', text: HTML })
  view('huge', { mimeType: MCP_APP_MIME_TYPE, text: 'x'.repeat(MAX_VIEW_HTML_BYTES + 1) })
  view('bad-csp', {
    mimeType: MCP_APP_MIME_TYPE,
    text: HTML,
    _meta: { ui: { csp: { connectDomains: 'x' } } },
  })
  server.registerTool('tool-missing', { _meta: { ui: { resourceUri: 'ui://views/none' } } }, () => ({
    content: [],
  }))
  return server
}

describe('readToolViews', () => {
  it('reads valid views into facts and marks the rest with viewError, without failing', async () => {
    const client = await connectedTo(serverWithViews())
    const listed = await client.listTools()
    const { tools, views } = await readToolViews(client, toToolInfo('views', listed.tools), {})
    const ui = (name: string) => tools.find((tool) => tool.name === name)?.ui

    expect(ui('tool-good')?.view).toEqual({
      fingerprint: viewFingerprint(HTML, { prefersBorder: true }),
      bytes: Buffer.byteLength(HTML),
      prefersBorder: true,
    })
    expect(views.get('ui://views/good')?.html).toBe(HTML)
    expect(ui('tool-blob')?.view?.fingerprint).toBe(viewFingerprint(HTML, {}))
    expect(ui('tool-plain')?.viewError).toContain('not text/html;profile=mcp-app')
    expect(ui('tool-huge')?.viewError).toContain('larger than')
    expect(ui('tool-bad-csp')?.viewError).toContain('csp is malformed')
    expect(ui('tool-missing')?.viewError).toMatch(/^reading the view failed/)
    for (const name of ['tool-plain', 'tool-huge', 'tool-bad-csp', 'tool-missing'])
      expect(ui(name)?.view).toBeUndefined()
  })
})

describe('toolUiOf', () => {
  it('keeps resourceUri and visibility, the deprecated flat key, and ignores malformed declarations', () => {
    expect(toolUiOf({ _meta: { ui: { resourceUri: 'ui://a', visibility: ['app'] } } })).toEqual({
      resourceUri: 'ui://a',
      visibility: ['app'],
    })
    expect(toolUiOf({ _meta: { 'ui/resourceUri': 'ui://flat' } })).toEqual({ resourceUri: 'ui://flat' })
    expect(toolUiOf({ _meta: { ui: { visibility: ['everyone'] } } })).toBeUndefined()
    expect(toolUiOf({ _meta: { ui: 'ui://a' } })).toBeUndefined()
    expect(toolUiOf({ _meta: { ui: { resourceUri: 'https://evil.example/x' } } })).toBeUndefined()
    expect(toolUiOf({})).toBeUndefined()
  })
})

describe('fingerprintTool with views', () => {
  const base = { name: 't', exposedName: 'mcp_s_t', description: 'd', inputSchema: { type: 'object' } }
  const view = { fingerprint: 'f1', bytes: 3 }

  it('is unchanged for a tool without ui and ignores viewError', () => {
    // Approvals stored before views existed hashed exactly these members.
    const before = { name: 't', description: 'd', inputSchema: { type: 'object' } }
    expect(fingerprintTool(base)).toBe(createHash('sha256').update(canonicalJson(before)).digest('hex'))
    const withView = { ...base, ui: { resourceUri: 'ui://v', view } }
    expect(fingerprintTool({ ...withView, ui: { ...withView.ui, viewError: 'blip' } })).toBe(
      fingerprintTool(withView),
    )
    expect(
      fingerprintTool({ ...base, ui: { resourceUri: 'ui://v', view: { ...view, fingerprint: 'f2' } } }),
    ).not.toBe(fingerprintTool(withView))
  })
})
