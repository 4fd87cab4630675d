import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import { trayState, type TrayState } from '../core/approvals/approval-notices'
import type { PendingCard, PendingCardSource } from '../core/approvals/pending-approvals'
import { APP_NAME } from '../core/app-identity'
import { focusApprovalCard, type ApprovalFocusTarget } from './approval-notifier'

export interface ApprovalTrayOptions extends ApprovalFocusTarget {
  /** Sampling and tool-call cards together, so the tray counts what the window's bell counts. */
  approvals: PendingCardSource
  /** resources/trayTemplate.png; Electron picks the @2x file beside it on high-DPI screens. */
  iconPath: string
  platform: NodeJS.Platform
  quit: () => void
  log: (message: string) => void
  now?: () => Date
  /** How often the waiting times in the menu ("3 min") are refreshed while cards wait. */
  refreshMs?: number
}

/**
 * The tray icon: the count of pending approvals (title on macOS, tooltip everywhere) and a menu listing
 * them, each opening its card. Returns a dispose function that removes the icon.
 */
export function createApprovalTray(options: ApprovalTrayOptions): () => void {
  const { approvals, windows, platform, log } = options
  const now = options.now ?? (() => new Date())
  const refreshMs = options.refreshMs ?? 60_000

  const icon = nativeImage.createFromPath(options.iconPath)
  if (icon.isEmpty()) log(`the tray icon could not be read from ${options.iconPath}`)
  // A template image is drawn by macOS in the menu bar's own colour (light or dark); elsewhere the icon's
  // neutral grey shows on light and dark panels alike.
  if (platform === 'darwin') icon.setTemplateImage(true)
  const tray = new Tray(icon)
  // Windows users expect a left click on a tray icon to open the app; on macOS and Linux a click opens
  // the menu, which has "Open MCP Desk" first.
  if (platform === 'win32') tray.on('click', () => windows.show())

  let applied: string | undefined
  let refresh: NodeJS.Timeout | undefined

  const apply = (state: TrayState) => {
    tray.setToolTip(state.tooltip)
    // macOS shows a title beside the icon; nothing beside it when nothing waits, rather than a "0".
    if (platform === 'darwin') tray.setTitle(state.count > 0 ? String(state.count) : '')
    // Linux only picks up menu changes through a new setContextMenu, so the menu is always rebuilt.
    tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(state, options)))
  }

  const render = (cards: PendingCard[]) => {
    // Runs inside the sampling or chat flow (the sources call listeners synchronously): a failure here is
    // logged, never thrown into a server's request or a chat turn.
    try {
      const state = trayState(cards, now())
      const key = JSON.stringify(state)
      if (key !== applied) {
        applied = key
        apply(state)
      }
      // The ages in the menu go stale while the cards stay the same, so they are refreshed while cards wait.
      if (state.count > 0 && !refresh) {
        refresh = setInterval(() => render(approvals.list()), refreshMs)
        refresh.unref()
      } else if (state.count === 0 && refresh) {
        clearInterval(refresh)
        refresh = undefined
      }
    } catch (error) {
      log(`could not update the tray: ${(error as Error).message}`)
    }
  }

  render(approvals.list())
  const unsubscribe = approvals.subscribe(render)
  return () => {
    unsubscribe()
    clearInterval(refresh)
    if (!tray.isDestroyed()) tray.destroy()
  }
}

function menuTemplate(state: TrayState, options: ApprovalTrayOptions): MenuItemConstructorOptions[] {
  const pending: MenuItemConstructorOptions[] =
    state.items.length === 0
      ? [{ label: 'No pending approvals', enabled: false }]
      : state.items.map((item) => ({
          label: literalLabel(item.label),
          click: () => focusApprovalCard(options, item.id),
        }))
  if (state.more) pending.push({ label: state.more, click: () => options.windows.show() })
  return [
    { label: `Open ${APP_NAME}`, click: () => options.windows.show() },
    { type: 'separator' },
    ...pending,
    { type: 'separator' },
    { label: `Quit ${APP_NAME}`, click: () => options.quit() },
  ]
}

/** Electron menus read `&` as a keyboard-mnemonic marker and drop it; `&&` shows one (a server "R&D"). */
function literalLabel(text: string): string {
  return text.replaceAll('&', '&&')
}
