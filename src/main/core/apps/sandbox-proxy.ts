import {
  VIEW_PROXY_PATH,
  viewCspSchema,
  viewPermissionsSchema,
  type ViewCsp,
  type ViewPermissions,
} from '../../../shared/apps/view-schema'
import { SANDBOX_PROXY_SCRIPT } from './sandbox-proxy-script'
import { buildViewAllow, buildViewCsp } from './view-csp'

/**
 * The sandbox origin's whole site: the proxy page that holds one MCP App view, and its script. Web mode's
 * sandbox listener and the desktop's `mcp-desk-view://sandbox` scheme both answer with this one function,
 * so the two can never differ in what they serve or in the headers that confine the view.
 */
export const VIEW_PROXY_SCRIPT_PATH = '/proxy.js'

export interface SandboxRequest {
  method: string
  /** Percent-decoded path. */
  path: string
  query: URLSearchParams
}

export interface SandboxResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** The largest `csp` or `permissions` query value read; a real declaration is a few hundred characters. */
const MAX_DECLARATION_CHARS = 32 * 1024

const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
}

export function answerSandboxRequest(request: SandboxRequest): SandboxResponse {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const refused = plain(405, 'method not allowed\n')
    return { ...refused, headers: { ...refused.headers, allow: 'GET, HEAD' } }
  }
  if (request.path === VIEW_PROXY_SCRIPT_PATH) {
    return {
      status: 200,
      headers: { 'content-type': 'text/javascript; charset=utf-8', ...COMMON_HEADERS },
      body: SANDBOX_PROXY_SCRIPT,
    }
  }
  if (request.path !== VIEW_PROXY_PATH) return plain(404, 'not found\n')
  const declared = readDeclarations(request.query)
  if (declared === undefined) return plain(400, 'bad view declarations\n')
  const policy = buildViewCsp(declared.csp)
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The header, not a <meta>: the view's srcdoc document inherits it and cannot remove it.
      'content-security-policy': policy,
      ...COMMON_HEADERS,
    },
    body: proxyPage(policy, buildViewAllow(declared.permissions)),
  }
}

/** `csp` and `permissions` as JSON in the query; absent means nothing declared, anything malformed fails. */
function readDeclarations(
  query: URLSearchParams,
): { csp: ViewCsp; permissions: ViewPermissions } | undefined {
  const csp = parseParam(query, 'csp', (value) => viewCspSchema.safeParse(value))
  const permissions = parseParam(query, 'permissions', (value) => viewPermissionsSchema.safeParse(value))
  if (csp === undefined || permissions === undefined) return undefined
  return { csp, permissions }
}

function parseParam<T>(
  query: URLSearchParams,
  name: string,
  parse: (value: unknown) => { success: true; data: T } | { success: false },
): T | undefined {
  const values = query.getAll(name)
  // Two values would leave it to chance which one the header and the page use.
  if (values.length > 1) return undefined
  const raw = values[0] ?? '{}'
  if (raw.length > MAX_DECLARATION_CHARS) return undefined
  try {
    const result = parse(JSON.parse(raw))
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

function proxyPage(policy: string, allow: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="mcp-desk-view-csp" content="${escapeAttribute(policy)}">
<meta name="mcp-desk-view-allow" content="${escapeAttribute(allow)}">
<title>MCP App view</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;width:100%;height:100%;border:0}</style>
<script src="${VIEW_PROXY_SCRIPT_PATH}" defer></script>
</head>
<body></body>
</html>
`
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function plain(status: number, body: string): SandboxResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...COMMON_HEADERS }, body }
}
