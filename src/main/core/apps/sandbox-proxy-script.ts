/**
 * The script of the sandbox proxy page (served as /proxy.js on the sandbox origin). It is a string, not a
 * module: it runs in the browser, on an origin that is never the app's, and must stand alone.
 *
 * What it does, and why:
 * - Refuses to run unframed: opened as a tab it would be a blank relay with nobody to talk to.
 * - Makes the inner frame with sandbox="allow-scripts allow-forms" only. Without allow-same-origin the view
 *   gets an opaque origin (no storage, no cookies, no reach into this frame or the app); without
 *   allow-popups, allow-top-navigation and allow-modals it can open nothing and navigate nothing but its
 *   own frame, which the policy's frame-src refuses.
 * - The `allow` attribute and the policy come from the page the server built from the URL's declarations
 *   (the <meta> tags of proxy.html), never from a message: the header already enforces that policy.
 * - The view's HTML arrives once, in `ui/notifications/sandbox-resource-ready`, and only from the parent.
 *   It is loaded with srcdoc, so the document inherits this page's policy; the policy is also written
 *   into the HTML as a <meta> as a second layer.
 * - Everything else is relayed: parent → view, and view → parent (checked by event.source, since an
 *   opaque origin has no origin to check). `ui/notifications/sandbox-*` is the proxy's own channel and is
 *   never relayed from the view, so a view cannot pose as the proxy. Messages that are not plain objects,
 *   or larger than MAX_MESSAGE_CHARS as JSON, are dropped.
 */
export const MAX_PROXY_MESSAGE_CHARS = 4 * 1024 * 1024

export const SANDBOX_PROXY_SCRIPT = `(() => {
  'use strict'
  const MAX_MESSAGE_CHARS = ${MAX_PROXY_MESSAGE_CHARS}
  const PROXY_READY = 'ui/notifications/sandbox-proxy-ready'
  const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready'
  const SANDBOX_PREFIX = 'ui/notifications/sandbox-'

  if (window.parent === window) {
    document.body.textContent = 'This page only shows MCP App views inside MCP Desk.'
    return
  }

  const metaContent = (name) => {
    const element = document.querySelector('meta[name="' + name + '"]')
    return element ? element.getAttribute('content') || '' : ''
  }
  const policy = metaContent('mcp-desk-view-csp')
  const allow = metaContent('mcp-desk-view-allow')

  // Where replies go: the parent's origin when the browser tells us, a web origin or the desktop app's own
  // app://mcp-desk; a parent whose origin cannot be named (an opaque one) gets '*'.
  const ancestors = window.location.ancestorOrigins
  const parentOrigin =
    ancestors && ancestors.length > 0 && /^(https?:\\/\\/|app:\\/\\/mcp-desk$)/.test(ancestors[0]) ? ancestors[0] : '*'

  const inner = document.createElement('iframe')
  inner.setAttribute('sandbox', 'allow-scripts allow-forms')
  if (allow !== '') inner.setAttribute('allow', allow)
  inner.setAttribute('title', 'MCP App view')
  document.body.appendChild(inner)
  let loaded = false

  const isRelayable = (data) => {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return false
    try {
      const text = JSON.stringify(data)
      return typeof text === 'string' && text.length <= MAX_MESSAGE_CHARS
    } catch {
      return false
    }
  }
  const isProxyMethod = (data) => typeof data.method === 'string' && data.method.startsWith(SANDBOX_PREFIX)

  const escapeAttribute = (text) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const withPolicyMeta = (html) => {
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + escapeAttribute(policy) + '">'
    // After a leading doctype, so the document stays in standards mode.
    const doctype = /^\\s*<!doctype[^>]*>/i.exec(html)
    return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html
  }

  window.addEventListener('message', (event) => {
    const data = event.data
    if (event.source === window.parent) {
      if (!isRelayable(data)) return
      if (isProxyMethod(data)) {
        if (data.method !== RESOURCE_READY || loaded) return
        const params = data.params
        if (params === null || typeof params !== 'object' || typeof params.html !== 'string') return
        loaded = true
        inner.srcdoc = withPolicyMeta(params.html)
        return
      }
      if (inner.contentWindow) inner.contentWindow.postMessage(data, '*')
      return
    }
    if (event.source !== null && event.source === inner.contentWindow) {
      if (!isRelayable(data) || isProxyMethod(data)) return
      window.parent.postMessage(data, parentOrigin)
    }
  })

  window.parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, parentOrigin)
})()
`
