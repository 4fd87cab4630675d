import { DEV_INLINE_SCRIPT_HASHES } from './dev-inline-scripts'

export interface ContentSecurityPolicyOptions {
  /** `desktop`: the Electron window; `web`: the page web mode serves to a browser on loopback. */
  mode: 'desktop' | 'web'
  /** Extra connect-src sources, e.g. web mode's `ws://127.0.0.1:PORT`. Each must be `scheme://host[:port]`. */
  connectSrc?: readonly string[]
  /**
   * Where the page may embed frames: the MCP App view sandbox (web mode's `http://127.0.0.1:PORT`, the
   * desktop's `mcp-desk-view:` scheme). Each must be `scheme://host[:port]`, or a bare scheme that is not
   * one of the web's own (http:, data:, …). Without any, frames stay refused by default-src 'none'.
   */
  frameSrc?: readonly string[]
  /** Only while the vite dev server serves the renderer: HMR needs its socket and injected <style> tags. */
  dev?: boolean
}

// scheme://host[:port][/path], where host may be `*.x`, a name, IPv4 or [IPv6], and port may be `*`.
const CONNECT_SOURCE = /^[a-z][a-z0-9+.-]*:\/\/(\*\.)?[a-z0-9.[\]:-]+(:(\d{1,5}|\*))?(\/[^\s;,'"]*)?$/i

// A bare scheme (`mcp-desk-view:`) names only that scheme's URLs; the web's own schemes would name far more.
const SCHEME_SOURCE = /^[a-z][a-z0-9+.-]*:$/i
const BROAD_SCHEMES = new Set([
  'http:',
  'https:',
  'ws:',
  'wss:',
  'data:',
  'blob:',
  'filesystem:',
  'file:',
  'javascript:',
  'about:',
])

/** HMR's socket: electron-vite picks the dev server port at start-up, so any localhost port. */
const DEV_CONNECT_SOURCES = ['ws://localhost:*', 'ws://127.0.0.1:*']

/**
 * The page's Content-Security-Policy. Everything defaults to 'none' and only the app's own files may load;
 * scripts never get 'unsafe-inline' or 'unsafe-eval' in any mode (dev allows exactly one inline script by
 * hash, see dev-inline-scripts.ts). Both modes share these directives: the desktop window gets them from a
 * response header set by the session, web mode from its HTTP server; web mode adds its socket via connectSrc.
 */
export function buildContentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  if (options.mode !== 'desktop' && options.mode !== 'web') {
    throw new TypeError(`CSP mode must be "desktop" or "web", got ${JSON.stringify(options.mode)}`)
  }
  const extraConnect = (options.connectSrc ?? []).map(checkConnectSource)
  const frames = unique((options.frameSrc ?? []).map(checkFrameSource))
  const dev = options.dev === true
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...(dev ? DEV_INLINE_SCRIPT_HASHES : [])]],
    ['style-src', ["'self'", ...(dev ? ["'unsafe-inline'"] : [])]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", ...(dev ? DEV_CONNECT_SOURCES : []), ...extraConnect])],
    ...(frames.length > 0 ? [['frame-src', frames] as [string, string[]]] : []),
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
  ]
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ')
}

function checkConnectSource(source: string): string {
  // A space, ';' or quote in a source would inject sources or whole directives into the policy.
  if (typeof source !== 'string' || !CONNECT_SOURCE.test(source)) {
    throw new TypeError(
      `connect-src entry must look like scheme://host[:port], got ${JSON.stringify(source)}`,
    )
  }
  return source
}

function checkFrameSource(source: string): string {
  if (typeof source === 'string' && SCHEME_SOURCE.test(source) && !BROAD_SCHEMES.has(source.toLowerCase())) {
    return source
  }
  if (typeof source !== 'string' || !CONNECT_SOURCE.test(source)) {
    throw new TypeError(
      `frame-src entry must look like scheme://host[:port] or an app scheme, got ${JSON.stringify(source)}`,
    )
  }
  return source
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}
