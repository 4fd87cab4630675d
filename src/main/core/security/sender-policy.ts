import type { AppOrigin } from './app-origin'
import { isAllowedNavigation } from './navigation-policy'

/**
 * Whether an IPC request comes from the app's own page. The frame URL is the only thing the main process
 * can trust about a sender, so a missing one (a destroyed frame), `about:blank` (a frame whose content
 * anyone could have written), DevTools, or any other page is refused by the same rules as navigation.
 */
export function isTrustedSender(senderFrameUrl: string | undefined | null, appOrigin: AppOrigin): boolean {
  if (typeof senderFrameUrl !== 'string' || senderFrameUrl === '') return false
  return isAllowedNavigation(senderFrameUrl, appOrigin)
}
