/**
 * Browser permissions for the app's window. The renderer talks to the host only through the preload, so it
 * never needs a camera, location, notifications, the clipboard API or anything else Chromium can grant:
 * every request and every check is refused, including names this list does not know yet (a newer Electron
 * may add some), so an upgrade can never silently widen what the page may do.
 */
export const browserPermissions = [
  'ar',
  'automatic-fullscreen',
  'background-fetch',
  'background-sync',
  'captured-surface-control',
  'clipboard-read',
  'clipboard-sanitized-write',
  'deprecated-sync-clipboard-read',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'geolocation-approximate',
  'hand-tracking',
  'hid',
  'idle-detection',
  'keyboardLock',
  'local-fonts',
  'local-network',
  'local-network-access',
  'loopback-network',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'nfc',
  'notifications',
  'openExternal',
  'payment-handler',
  'periodic-background-sync',
  'persistent-storage',
  'pointerLock',
  'screen-wake-lock',
  'sensors',
  'serial',
  'smart-card',
  'speaker-selection',
  'storage-access',
  'system-wake-lock',
  'top-level-storage-access',
  'usb',
  'vr',
  'web-app-installation',
  'web-printing',
  'window-management',
  'unknown',
] as const
export type BrowserPermission = (typeof browserPermissions)[number]

/** The only decision this policy makes; typed so a caller cannot mistake it for a grant. */
export type PermissionDecision = { allow: false; reason: string }

export interface PermissionRequestDetails {
  requestingUrl?: string
  isMainFrame?: boolean
}

export function isKnownBrowserPermission(permission: string): permission is BrowserPermission {
  return (browserPermissions as readonly string[]).includes(permission)
}

/** For `session.setPermissionRequestHandler`: a page asking for a permission. */
export function decidePermission(
  permission: string,
  details: PermissionRequestDetails = {},
): PermissionDecision {
  return {
    allow: false,
    reason: `${describe(permission)} requested by ${describeRequester(details.requestingUrl)}`,
  }
}

/** For `session.setPermissionCheckHandler`: a page asking whether it already holds a permission. */
export function decidePermissionCheck(
  permission: string,
  requestingOrigin: string | undefined,
  details: PermissionRequestDetails = {},
): PermissionDecision {
  const who = details.requestingUrl ?? (requestingOrigin === '' ? undefined : requestingOrigin)
  return { allow: false, reason: `${describe(permission)} checked by ${describeRequester(who)}` }
}

function describe(permission: string): string {
  const name = JSON.stringify(String(permission))
  return isKnownBrowserPermission(permission)
    ? `permission ${name} denied: the MCP Desk window never needs browser permissions`
    : `unrecognised permission ${name} denied: unknown permissions are never granted`
}

function describeRequester(url: string | undefined): string {
  if (!url) return 'an unknown page'
  // Only the origin: a page URL can carry tokens in its query (web mode does) and this text goes to logs.
  try {
    const parsed = new URL(url)
    return parsed.origin === 'null' ? `a ${parsed.protocol} page` : parsed.origin
  } catch {
    return 'an unparseable page URL'
  }
}
