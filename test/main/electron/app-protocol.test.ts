import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { electronFake, FakeSession } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

const { answerAppRequest, APP_PAGE_URL, handleAppScheme, registerAppSchemes } =
  await import('../../../src/main/electron/app-protocol')

const POLICY = "default-src 'none'; script-src 'self'"
let root: string
let rendererDir: string

beforeAll(() => {
  // A renderer folder with a secret beside it, which no URL on the scheme may reach.
  root = mkdtempSync(join(tmpdir(), 'mcp-desk-app-scheme-'))
  rendererDir = join(root, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Desk</title>')
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)')
  writeFileSync(join(rendererDir, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(join(rendererDir, 'assets', 'logo.svg'), '<svg/>')
  writeFileSync(join(rendererDir, 'assets', 'data.bin'), 'x')
  writeFileSync(join(root, 'secret.txt'), 'the secret')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))
beforeEach(() => electronFake.reset())

const get = (url: string, method = 'GET') =>
  answerAppRequest({ method, url }, { rendererDir, contentSecurityPolicy: POLICY })

describe('the app:// scheme', () => {
  it('registers with the view scheme in one call, before ready: standard, secure, module scripts', () => {
    registerAppSchemes()
    expect(electronFake.protocol.calls).toBe(1)
    expect(electronFake.protocol.privileged).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
      },
      { scheme: 'mcp-desk-view', privileges: { standard: true, secure: true } },
    ])
  })

  it('serves the page with the CSP, and each asset with its MIME type', async () => {
    expect(APP_PAGE_URL).toBe('app://mcp-desk/index.html')
    const page = await get(APP_PAGE_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(POLICY)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('<title>MCP Desk</title>')
    expect((await get('app://mcp-desk/')).status).toBe(200)

    const cases: [string, string][] = [
      ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
      ['assets/index-abc.css', 'text/css; charset=utf-8'],
      ['assets/logo.svg', 'image/svg+xml'],
      ['assets/data.bin', 'application/octet-stream'],
    ]
    for (const [path, type] of cases) {
      const answer = await get(`app://mcp-desk/${path}?v=1#x`)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('content-type'), path).toBe(type)
      expect(answer.headers.get('content-security-policy'), path).toBeNull()
    }
    const head = await get('app://mcp-desk/assets/index-abc.js', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it.each([
    ['a .. in the path', 'app://mcp-desk/../secret.txt'],
    ['an encoded ..', 'app://mcp-desk/%2e%2e/secret.txt'],
    ['encoded slashes around ..', 'app://mcp-desk/assets%2F..%2F..%2Fsecret.txt'],
    ['an encoded backslash', 'app://mcp-desk/..%5Csecret.txt'],
    ['an absolute path in the path', 'app://mcp-desk//etc/passwd'],
    ['a NUL byte', 'app://mcp-desk/index.html%00.js'],
    ['a file that does not exist', 'app://mcp-desk/assets/missing.js'],
    ['a route without a file', 'app://mcp-desk/settings'],
    ['a folder', 'app://mcp-desk/assets'],
    ['another host', 'app://evil/index.html'],
    ['a port', 'app://mcp-desk:8080/index.html'],
    ['credentials', 'app://user@mcp-desk/index.html'],
  ])('answers 404 to %s, never a file outside the renderer folder', async (_label, url) => {
    const answer = await get(url)
    expect(answer.status).toBe(404)
    expect(await answer.text()).not.toContain('the secret')
  })

  it('answers 400 to a path that does not decode, and 405 to other methods', async () => {
    expect((await get('app://mcp-desk/%E0%A4%A.js')).status).toBe(400)
    const post = await get(APP_PAGE_URL, 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('is handled once per session, by the same answerer', async () => {
    const session = new FakeSession()
    const options = { rendererDir, contentSecurityPolicy: POLICY, log: vi.fn() }
    handleAppScheme(session as never, options)
    handleAppScheme(session as never, options)
    const handler = session.protocol.handlers.get('app')
    const answer = await handler!({ method: 'GET', url: APP_PAGE_URL })
    expect(answer.status).toBe(200)
    await handler!({ method: 'GET', url: 'app://mcp-desk/nope.js?token=abc' })
    expect(options.log).toHaveBeenCalledWith('app page: no file for "/nope.js"')
  })

  it('serves the built page and every file it links to, when a build exists', async () => {
    const built = resolve(import.meta.dirname, '../../../out/renderer')
    // The e2e global setup builds; this check rides along when it has.
    if (!existsSync(join(built, 'index.html'))) return
    const options = { rendererDir: built, contentSecurityPolicy: POLICY }
    const page = await answerAppRequest({ method: 'GET', url: APP_PAGE_URL }, options)
    const html = await page.text()
    const linked = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1])
    expect(linked.length).toBeGreaterThan(0)
    for (const path of linked) {
      const answer = await answerAppRequest(
        { method: 'GET', url: new URL(path!, APP_PAGE_URL).href },
        options,
      )
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/(javascript|css)/)
      expect(Buffer.from(await answer.arrayBuffer()).equals(readFileSync(join(built, path!))), path).toBe(
        true,
      )
    }
  })
})
