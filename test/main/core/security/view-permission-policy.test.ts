import { describe, expect, it } from 'vitest'
import { isAllowedViewFrameNavigation } from '../../../../src/main/core/security/navigation-policy'
import {
  decideViewPermission,
  isViewFrameRequest,
} from '../../../../src/main/core/security/view-permission-policy'

const SANDBOX = 'mcp-desk-view://sandbox'
const WEB_SANDBOX = 'http://127.0.0.1:4567'
const view = { isMainFrame: false, requestingUrl: 'about:srcdoc' }

describe('isAllowedViewFrameNavigation', () => {
  it.each([
    'about:srcdoc',
    'about:blank',
    'mcp-desk-view://sandbox/proxy.html',
    'mcp-desk-view://sandbox/proxy.html?csp=%7B%7D&permissions=%7B%7D',
    'MCP-DESK-VIEW://SANDBOX/proxy.html',
  ])('allows %s', (url) => expect(isAllowedViewFrameNavigation(url, SANDBOX)).toBe(true))

  it.each([
    'mcp-desk-view://sandbox/proxy.js',
    'mcp-desk-view://sandbox/',
    'mcp-desk-view://sandboxx/proxy.html',
    'mcp-desk-view://user:pw@sandbox/proxy.html',
    'mcp-desk-view:///proxy.html',
    'about:srcdoc#x',
    'about:blank?x',
    'https://evil.example/proxy.html',
    'file:///proxy.html',
    'javascript:alert(1)',
    'data:text/html,x',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(isAllowedViewFrameNavigation(url, SANDBOX)).toBe(false))

  it('compares a web sandbox by scheme, host and port', () => {
    expect(isAllowedViewFrameNavigation(`${WEB_SANDBOX}/proxy.html?csp=%7B%7D`, WEB_SANDBOX)).toBe(true)
    expect(isAllowedViewFrameNavigation('http://127.0.0.1:4568/proxy.html', WEB_SANDBOX)).toBe(false)
    expect(isAllowedViewFrameNavigation('http://localhost:4567/proxy.html', WEB_SANDBOX)).toBe(false)
    expect(isAllowedViewFrameNavigation('https://127.0.0.1:4567/proxy.html', WEB_SANDBOX)).toBe(false)
  })
})

describe('decideViewPermission', () => {
  it('asks for the camera, the microphone or both, naming them', () => {
    expect(decideViewPermission({ permission: 'media', mediaTypes: ['video'], ...view }, SANDBOX)).toEqual({
      kind: 'ask',
      features: ['camera'],
      question: "A tool's view wants to use your camera.",
    })
    expect(
      decideViewPermission({ permission: 'media', mediaTypes: ['audio', 'video'], ...view }, SANDBOX),
    ).toMatchObject({ kind: 'ask', features: ['camera', 'microphone'] })
  })

  it('asks for geolocation and writing the clipboard', () => {
    expect(decideViewPermission({ permission: 'geolocation', ...view }, SANDBOX)).toMatchObject({
      kind: 'ask',
      question: "A tool's view wants to use your location.",
    })
    expect(
      decideViewPermission(
        {
          permission: 'clipboard-sanitized-write',
          isMainFrame: false,
          requestingUrl: `${SANDBOX}/proxy.html`,
        },
        SANDBOX,
      ),
    ).toMatchObject({
      kind: 'ask',
      features: ['clipboard'],
      question: "A tool's view wants to write to your clipboard.",
    })
  })

  it.each([
    ['notifications', {}],
    ['clipboard-read', {}],
    ['midi', {}],
    ['openExternal', {}],
    ['fullscreen', {}],
    ['display-capture', {}],
    ['media', { mediaTypes: [] }],
    ['media', {}],
    ['media', { mediaTypes: ['video', 'screen'] }],
    ['media', { mediaTypes: ['desktop'] }],
    ['some-future-permission', {}],
  ])('denies %s %j from a view without asking', (permission, extra) => {
    const decision = decideViewPermission({ permission, ...view, ...extra }, SANDBOX)
    expect(decision.kind).toBe('deny')
  })

  it.each([
    ['the main frame', { isMainFrame: true, requestingUrl: 'about:srcdoc' }],
    ['a frame of another site', { isMainFrame: false, requestingUrl: 'https://evil.example/' }],
    [
      'a frame of the web sandbox when the desktop one is expected',
      { isMainFrame: false, requestingUrl: `${WEB_SANDBOX}/proxy.html` },
    ],
    ['an unknown frame', { isMainFrame: false }],
    ['a request without frame facts', {}],
  ])('denies the camera to %s', (_name, details) => {
    const request = { permission: 'media', mediaTypes: ['video'], ...details }
    expect(isViewFrameRequest(request, SANDBOX)).toBe(false)
    expect(decideViewPermission(request, SANDBOX)).toMatchObject({ kind: 'deny' })
  })
})
