import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildViewCsp } from '../../../src/main/core/apps/view-csp'
import { viewProxyUrl } from '../../../src/shared/apps/view-schema'
import { electronFake, FakeSession } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

const { answerViewRequest, handleViewScheme, VIEW_SANDBOX, VIEW_SCHEME_PRIVILEGES } =
  await import('../../../src/main/electron/view-protocol')

beforeEach(() => electronFake.reset())

describe('the mcp-desk-view scheme', () => {
  it('registers as a standard, secure scheme and nothing more', () => {
    expect(VIEW_SCHEME_PRIVILEGES).toEqual({
      scheme: 'mcp-desk-view',
      privileges: { standard: true, secure: true },
    })
    expect(VIEW_SANDBOX).toEqual({ origin: 'mcp-desk-view://sandbox' })
  })

  it('is handled once per session, by the sandbox answerer', async () => {
    const session = new FakeSession()
    const log = vi.fn()
    handleViewScheme(session as never, log)
    handleViewScheme(session as never, log)
    const handler = session.protocol.handlers.get('mcp-desk-view')
    expect(handler).toBeDefined()
    const csp = { connectDomains: ['https://api.example.com'] }
    const url = viewProxyUrl(VIEW_SANDBOX, { csp, permissions: { microphone: {} } })
    const answer = await handler!({ method: 'GET', url })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-security-policy')).toBe(buildViewCsp(csp))
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await answer.text()).toContain('content="microphone"')
  })

  it('serves the script, and nothing from another host, path or method', async () => {
    const script = answerViewRequest({ method: 'GET', url: 'mcp-desk-view://sandbox/proxy.js' })
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    for (const url of [
      'mcp-desk-view://other/proxy.js',
      'mcp-desk-view://user@sandbox/proxy.js',
      'mcp-desk-view://sandbox/index.html',
      'mcp-desk-view://sandbox/',
      'file:///etc/passwd',
    ]) {
      expect(answerViewRequest({ method: 'GET', url }).status, url).toBe(404)
    }
    expect(answerViewRequest({ method: 'POST', url: 'mcp-desk-view://sandbox/proxy.js' }).status).toBe(405)
    const head = answerViewRequest({ method: 'HEAD', url: 'mcp-desk-view://sandbox/proxy.js' })
    expect(await head.text()).toBe('')
  })

  it('answers garbage with 400 and logs no URL', () => {
    const log = vi.fn()
    expect(answerViewRequest({ method: 'GET', url: 'not a url' }, log).status).toBe(400)
    expect(answerViewRequest({ method: 'GET', url: 'mcp-desk-view://sandbox/%E0%A4%A' }, log).status).toBe(
      400,
    )
    expect(
      answerViewRequest({ method: 'GET', url: 'mcp-desk-view://sandbox/proxy.html?csp=%7B' }).status,
    ).toBe(400)
    expect(log.mock.calls.flat().join(' ')).not.toContain('%E0')
  })
})
