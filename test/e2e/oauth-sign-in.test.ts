import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOAuthMcpServer, type OAuthMcpServer } from '../fixtures/oauth-server/start-oauth-mcp-server'
import { filesUnder, openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { oauthHome, recordWebSocketFrames, secretsIn, tokensSeenBy } from './support/oauth-home'
import { shoot } from './support/screenshots'

/** The same element once more in the dark theme, then back to light. */
async function shootDark(page: Page, target: Locator, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot(target, name)
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('OAuth sign-in in Chromium (built app, OAuth-protected fixture server)', () => {
  let fixture: OAuthMcpServer
  let home: string
  let session: AppInChromium
  let page: Page
  let context: BrowserContext
  let frames: string[] = []

  beforeAll(async () => {
    fixture = await startOAuthMcpServer({ authorizePage: 'consent' })
    home = oauthHome(fixture.mcpUrl)
    session = await openAppInChromium(
      home,
      { width: 1280, height: 900, colorScheme: 'light' },
      { beforeLoad: (p) => (frames = recordWebSocketFrames(p)) },
    )
    ;({ page } = session)
    context = page.context()
    await page.getByRole('button', { name: 'Servers', exact: true }).click()
  })

  afterAll(async () => {
    await session?.close()
    await fixture?.stop()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  const card = () => page.getByTestId('server-card-notes')
  const status = () => card().getByTestId('status-pill')
  const issuerHost = () => new URL(fixture.issuer).host
  /** How often the host logged Notes connecting: a pill that says connected may be from before a restart. */
  const connects = () =>
    session.app.output.filter((line) => /^MCP server Notes .*: connected/.test(line)).length

  it('shows the OAuth-protected server as needing sign-in, with Sign in', async () => {
    await expect.poll(() => status().textContent()).toMatch(/needs sign-in/i)
    await card().getByRole('button', { name: 'Sign in to Notes' }).waitFor()
    expect(await card().getByTestId('sign-in').textContent()).toContain('Notes asks you to sign in')
    // The server asked (401) without a token; nothing was sent to the authorization server yet.
    expect(fixture.log.mcpAuthorizationHeaders.length).toBeGreaterThan(0)
    expect(fixture.log.mcpAuthorizationHeaders.every((header) => header === undefined)).toBe(true)
    expect(fixture.log.authorizeRequests).toHaveLength(0)
    await shoot(page, 'oauth-needs-sign-in.png')
    await shootDark(page, card(), 'oauth-needs-sign-in-card-dark.png')
  })

  it('signs in through the browser: consent page, loopback redirect, then connected and signed in', async () => {
    const opened = context.waitForEvent('page')
    await card().getByRole('button', { name: 'Sign in to Notes' }).click()
    const consent = await opened
    await consent.waitForLoadState()
    expect(consent.url().startsWith(`${fixture.issuer}/authorize?`)).toBe(true)
    await consent.getByRole('heading', { name: 'Allow MCP Desk to access Notes?' }).waitFor()
    await shoot(consent, 'oauth-consent-page.png')

    // Back in the app, the card waits for the browser and names the host the user should see there.
    const waiting = card().getByTestId('sign-in-waiting')
    await waiting.waitFor()
    expect(await waiting.getByTestId('sign-in-host').textContent()).toBe(issuerHost())
    await card().getByRole('button', { name: 'Open again: sign-in page for Notes' }).waitFor()
    await card().getByRole('button', { name: 'Cancel signing in to Notes' }).waitFor()
    await shoot(page, 'oauth-waiting-for-browser.png')
    await shootDark(page, card(), 'oauth-waiting-for-browser-card-dark.png')

    // The authorization request: PKCE S256, the resource, this flow's state and a loopback redirect.
    const request = fixture.log.authorizeRequests[0]!
    expect(request.get('code_challenge_method')).toBe('S256')
    expect(request.get('resource')).toBe(fixture.mcpUrl)
    expect(request.get('state')).toBeTruthy()
    expect(request.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/)

    await consent.getByRole('button', { name: 'Allow' }).click()
    await consent.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback\?/)
    await consent.getByRole('heading', { name: 'Signed in to Notes' }).waitFor()
    expect(await consent.textContent('body')).toContain('You can close this tab and go back to MCP Desk.')
    await shoot(consent, 'oauth-redirect-signed-in.png')
    await consent.close()

    await expect.poll(() => status().textContent()).toMatch(/connected/i)
    await expect.poll(connects).toBe(1)
    const signedIn = card().getByTestId('signed-in')
    await signedIn.waitFor()
    expect(await signedIn.getByTestId('signed-in-issuer').textContent()).toBe(issuerHost())
    expect(await signedIn.getByTestId('signed-in-scopes').textContent()).toContain('notes:read')
    const expires = signedIn.getByTestId('signed-in-expires').locator('time')
    const expiresAt = Date.parse((await expires.getAttribute('datetime')) ?? '')
    // The fixture's tokens live an hour.
    expect(expiresAt).toBeGreaterThan(Date.now() + 50 * 60_000)
    expect(expiresAt).toBeLessThan(Date.now() + 70 * 60_000)
    await card().getByRole('button', { name: 'Sign out of Notes' }).waitFor()
    expect(await card().getByTestId('sign-in').count()).toBe(0)
    await card().getByTestId('tool-count').waitFor()
    await shoot(card(), 'oauth-signed-in-card.png')
    await shootDark(page, card(), 'oauth-signed-in-card-dark.png')

    expect(fixture.log.registrations).toHaveLength(1)
    expect(fixture.log.tokenRequests.map((r) => r.grantType)).toEqual(['authorization_code'])
    expect(fixture.log.mcpAuthorizationHeaders.at(-1)).toMatch(/^Bearer at_/)
  })

  it('refreshes an expired token when the server reconnects, without a new sign-in', async () => {
    const authorizeRequests = fixture.log.authorizeRequests.length
    const pages = context.pages().length
    const firstToken = fixture.log.mcpAuthorizationHeaders.at(-1)
    const connectsBefore = connects()
    fixture.expireAccessTokens()

    await card().getByRole('button', { name: 'Restart Notes' }).click()
    await expect
      .poll(() => fixture.log.tokenRequests.map((r) => r.grantType))
      .toEqual(['authorization_code', 'refresh_token'])
    await expect.poll(connects).toBe(connectsBefore + 1)
    await expect.poll(() => status().textContent()).toMatch(/connected/i)
    await card().getByTestId('tool-count').waitFor()
    // The refreshed token is what the server now accepts; the expired one was turned away once.
    await expect.poll(() => fixture.log.mcpAuthorizationHeaders.at(-1)).not.toBe(firstToken)
    expect(fixture.log.mcpAuthorizationHeaders.at(-1)).toMatch(/^Bearer at_/)

    expect(fixture.log.authorizeRequests).toHaveLength(authorizeRequests)
    expect(context.pages()).toHaveLength(pages)
    expect(await card().getByTestId('sign-in').count()).toBe(0)
    await card().getByTestId('signed-in').waitFor()
  })

  it('never lets a token reach the page, its WebSocket, the host log, settings or plain files', async () => {
    const tokens = tokensSeenBy(fixture.log)
    // At least the first access token, the refreshed one, and the refresh token spent on it.
    expect(tokens.filter((token) => token.startsWith('at_')).length).toBeGreaterThanOrEqual(2)
    expect(tokens.filter((token) => token.startsWith('rt_'))).toHaveLength(1)

    expect(secretsIn(await page.content(), tokens)).toEqual([])
    expect(frames.length).toBeGreaterThan(0)
    expect(secretsIn(frames.join('\n'), tokens)).toEqual([])
    expect(session.app.output.length).toBeGreaterThan(0)
    expect(secretsIn(session.app.output.join('\n'), tokens)).toEqual([])
    // Every file of the profile: settings.json, logs, audit and transcripts. The secret store is sealed,
    // so no token shows in it either.
    const files = filesUnder(home)
    expect(files).toContain(join(home, 'settings.json'))
    expect(files).toContain(join(home, 'secrets.json'))
    for (const file of files) {
      expect({ file, secrets: secretsIn(readFileSync(file, 'latin1'), tokens) }).toEqual({
        file,
        secrets: [],
      })
    }
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
