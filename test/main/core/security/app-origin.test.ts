import { describe, expect, it } from 'vitest'
import { DESKTOP_APP, parseAppOrigin } from '../../../../src/main/core/security/app-origin'

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

  it('recognises the desktop app scheme, in any letter case of its host', () => {
    expect(parseAppOrigin('app://mcp-desk/index.html')).toEqual(DESKTOP_APP)
    expect(parseAppOrigin('app://MCP-Desk/index.html#/servers')).toEqual({
      kind: 'app',
      origin: 'app://mcp-desk',
    })
  })

  it.each([
    ['not a URL', 'not a valid URL'],
    ['', 'not a valid URL'],
    ['javascript:alert(1)', 'must be http:, https: or app://mcp-desk'],
    ['data:text/html,hi', 'must be http:, https: or app://mcp-desk'],
    ['http://user:pw@localhost:5173/', 'user name or password'],
    // The built page is no longer loaded from disk: a file: page is a mistake, not an origin.
    ['file:///opt/mcp-desk/out/renderer/index.html', 'must be http:, https: or app://mcp-desk'],
    ['app://other/index.html', 'must be http:, https: or app://mcp-desk'],
    ['app://mcp-desk:8080/index.html', 'must be http:, https: or app://mcp-desk'],
  ])('refuses %j with a clear error', (input, message) => {
    expect(() => parseAppOrigin(input)).toThrow(message)
  })
})
