import type { Plugin } from 'vite'
import { buildContentSecurityPolicy } from '../src/main/core/security/content-security-policy'

/** `frame-ancestors` is ignored (with a console error) when delivered in a <meta> tag. */
const META_UNSUPPORTED = ['frame-ancestors']

/**
 * Where a page may embed MCP App views from. One build serves both modes, and a <meta> policy is enforced
 * together with any header policy (a frame must pass both): the desktop's view scheme, and any loopback
 * port for web mode, whose header then narrows it to the one sandbox listener of that launch.
 */
export const VIEW_FRAME_SOURCES = ['mcp-desk-view:', 'http://127.0.0.1:*']

export function cspMetaContent(dev: boolean): string {
  return buildContentSecurityPolicy({ mode: 'desktop', dev, frameSrc: VIEW_FRAME_SOURCES })
    .split('; ')
    .filter((directive) => !META_UNSUPPORTED.includes(directive.split(' ')[0] ?? ''))
    .join('; ')
}

/**
 * Puts the app's Content-Security-Policy into index.html as a <meta> tag, generated from the same function
 * the Electron session and web mode use for their response headers. The meta tag protects the page before
 * and besides the header the desktop's app:// handler sends; in dev it is the relaxed dev policy, so HMR
 * works, and the build always gets the strict one. Web mode's header adds its socket to connect-src.
 */
export function rendererCspPlugin(): Plugin {
  let dev = false
  return {
    name: 'mcp-desk-renderer-csp',
    configResolved(config) {
      dev = config.command === 'serve'
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: cspMetaContent(dev) },
          injectTo: 'head-prepend',
        },
      ],
    },
  }
}
