import { describe, expect, it } from 'vitest'
import { pathToFileURL } from 'node:url'
import { filePathOfUrl, parseAppOrigin } from '../../../../src/main/core/security/app-origin'

describe('parseAppOrigin', () => {
  it('takes the origin of an http dev-server URL, dropping path and query', () => {
    expect(parseAppOrigin('http://localhost:5173/index.html?x=1#/a')).toEqual({
      kind: 'http',
      origin: 'http://localhost:5173',
    })
    expect(parseAppOrigin('https://127.0.0.1:8443/')).toEqual({
      kind: 'http',
      origin: 'https://127.0.0.1:8443',
    })
  })

  it('takes the directory of a file page', () => {
    const page = pathToFileURL('/opt/mcp-desk/out/renderer/index.html').href
    expect(parseAppOrigin(page)).toEqual({ kind: 'file', rendererDir: '/opt/mcp-desk/out/renderer' })
  })

  it('resolves dot segments in a file page before taking its directory', () => {
    expect(parseAppOrigin('file:///opt/app/out/main/../renderer/index.html')).toEqual({
      kind: 'file',
      rendererDir: '/opt/app/out/renderer',
    })
  })

  it.each([
    ['not a URL', 'not a valid URL'],
    ['', 'not a valid URL'],
    ['javascript:alert(1)', 'must be http:, https: or file:'],
    ['data:text/html,hi', 'must be http:, https: or file:'],
    ['http://user:pw@localhost:5173/', 'user name or password'],
    ['file://fileserver/share/index.html', 'not a local file'],
    ['file:///opt/app%2F..%2Fetc/index.html', 'not a local file'],
  ])('refuses %j with a clear error', (input, message) => {
    expect(() => parseAppOrigin(input)).toThrow(message)
  })
})

describe('filePathOfUrl', () => {
  it('decodes percent-escapes and treats file://localhost as local', () => {
    expect(filePathOfUrl(new URL('file://localhost/a%20b/c.html'))).toBe('/a b/c.html')
  })

  it('returns undefined for non-file URLs and network shares', () => {
    expect(filePathOfUrl(new URL('http://localhost/a'))).toBeUndefined()
    expect(filePathOfUrl(new URL('file://evil.example/a'))).toBeUndefined()
  })
})
