// The environment a stdio MCP server is started with. A server is third-party code: it gets what a program
// needs to run (where to find binaries, its home, its locale, the platform's system folders) and the
// variables the user configured for it, never the rest of the host's environment, which may hold the
// user's API keys and MCP Desk's own settings.

/** Inherited on every platform. */
const COMMON_VARIABLES = ['PATH', 'HOME', 'LANG'] as const

/**
 * How this machine reaches the network: a proxy and the certificates of a company's TLS inspection. Without
 * them `npx -y`/`uvx` cannot download a server on first launch behind a corporate proxy (issue 19, item 10).
 * Lower-case forms too: curl, npm and Python read those.
 */
const NETWORK_VARIABLES = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
] as const

/** What POSIX programs expect to find: who they run as, their shell, temp dir, terminal type and locale. */
const POSIX_VARIABLES = ['USER', 'LOGNAME', 'SHELL', 'TMPDIR', 'TERM', 'LC_ALL', 'LC_CTYPE'] as const

/** Without these many Windows programs cannot even start (SYSTEMROOT is needed by the C runtime and DNS). */
const WIN32_VARIABLES = [
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMFILES',
  'SYSTEMDRIVE',
] as const

/**
 * Host variables that look like credentials, or that configure MCP Desk itself, are never inherited, even
 * under an allowed name (the list above is matched case-insensitively on Windows, so a collision is
 * possible there, and the allow-list may grow).
 */
const CREDENTIAL_NAME = /(TOKEN|SECRET|PASSWORD|API_?KEY|CREDENTIAL|AUTH)/i
const OWN_PREFIX = /^MCP_DESK_/i

export function allowedHostVariables(platform: NodeJS.Platform): readonly string[] {
  return platform === 'win32'
    ? [...COMMON_VARIABLES, ...NETWORK_VARIABLES, ...WIN32_VARIABLES]
    : [...COMMON_VARIABLES, ...NETWORK_VARIABLES, ...POSIX_VARIABLES]
}

/** Whether a host variable is kept from every server whatever list allows it. */
export function isWithheldHostVariable(name: string): boolean {
  return CREDENTIAL_NAME.test(name) || OWN_PREFIX.test(name)
}

/**
 * The child's environment: the allowed host variables that are set, then the server's configured vars
 * (the user's explicit choice, so they always pass and win over inherited values). Windows names are
 * case-insensitive (`Path` is PATH), so there a host name is matched ignoring case and keeps its own
 * spelling, and a configured var replaces a host one that differs only in case instead of duplicating it.
 */
export function buildChildEnv(
  hostEnv: NodeJS.ProcessEnv,
  configured: Readonly<Record<string, string>>,
  platform: NodeJS.Platform,
): Record<string, string> {
  const caseInsensitive = platform === 'win32'
  const normalise = (name: string): string => (caseInsensitive ? name.toUpperCase() : name)
  const allowed = new Set(allowedHostVariables(platform).map(normalise))

  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(hostEnv)) {
    if (value === undefined || !allowed.has(normalise(name)) || isWithheldHostVariable(name)) continue
    // Bash exports functions as `() { ... }` values: code, not configuration.
    if (value.startsWith('()')) continue
    env[name] = value
  }
  for (const [name, value] of Object.entries(configured)) {
    if (caseInsensitive) {
      for (const existing of Object.keys(env)) {
        if (existing !== name && normalise(existing) === normalise(name)) delete env[existing]
      }
    }
    env[name] = value
  }
  return env
}
