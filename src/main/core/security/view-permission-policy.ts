import { isAllowedViewFrameNavigation } from './navigation-policy'

/**
 * Browser permissions for MCP App views on the desktop. The app's own page never gets any (see
 * permission-policy.ts). A view may get only what the spec lets it declare, camera and microphone (Electron's
 * `media`), geolocation and writing the clipboard, and only after the user says yes to a dialog that names
 * the feature and says a tool's view is asking. Everything else, and every request from a frame that is not
 * a view, is denied. The view's `allow` attribute (view-csp.ts) already keeps undeclared features from
 * being asked for at all; this is the second lock.
 */
export type ViewFeature = 'camera' | 'microphone' | 'geolocation' | 'clipboard'

export type ViewPermissionDecision =
  { kind: 'deny'; reason: string } | { kind: 'ask'; features: ViewFeature[]; question: string }

export interface ViewPermissionRequest {
  permission: string
  isMainFrame?: boolean
  requestingUrl?: string
  /** For `media`: what getUserMedia asked for. */
  mediaTypes?: readonly string[]
}

const FEATURE_NAMES: Record<ViewFeature, string> = {
  camera: 'your camera',
  microphone: 'your microphone',
  geolocation: 'your location',
  clipboard: 'write to your clipboard',
}

/** True when a permission request comes from a view's frame (the proxy, or the view's srcdoc document). */
export function isViewFrameRequest(request: ViewPermissionRequest, sandboxOrigin: string): boolean {
  if (request.isMainFrame !== false || typeof request.requestingUrl !== 'string') return false
  return isAllowedViewFrameNavigation(request.requestingUrl, sandboxOrigin)
}

export function decideViewPermission(
  request: ViewPermissionRequest,
  sandboxOrigin: string,
): ViewPermissionDecision {
  const name = JSON.stringify(String(request.permission))
  if (!isViewFrameRequest(request, sandboxOrigin)) {
    return { kind: 'deny', reason: `permission ${name} denied: not asked by a tool's view` }
  }
  const features = featuresOf(request)
  if (features === undefined) {
    return { kind: 'deny', reason: `permission ${name} denied: a tool's view may not ask for it` }
  }
  const list = features.map((feature) => FEATURE_NAMES[feature])
  const what = features.includes('clipboard') ? list.join(' and ') : `use ${list.join(' and ')}`
  return { kind: 'ask', features, question: `A tool's view wants to ${what}.` }
}

function featuresOf(request: ViewPermissionRequest): ViewFeature[] | undefined {
  switch (request.permission) {
    case 'geolocation':
      return ['geolocation']
    case 'clipboard-sanitized-write':
      return ['clipboard']
    case 'media': {
      const types = request.mediaTypes ?? []
      // Only a camera and a microphone; screen capture and unknown kinds are never offered.
      if (types.length === 0 || types.some((type) => type !== 'video' && type !== 'audio')) return undefined
      const features: ViewFeature[] = []
      if (types.includes('video')) features.push('camera')
      if (types.includes('audio')) features.push('microphone')
      return features
    }
    default:
      return undefined
  }
}
