import { describe, expect, it } from 'vitest'
import {
  listenForRedirect,
  SignInExpiredError,
} from '../../../../../src/main/core/mcp/oauth/loopback-redirect'
import { statusOfGet } from '../../../../support/raw-http'

describe('the loopback redirect listener', () => {
  it('listens on 127.0.0.1 and hands over the redirect with the right state, answering only when told', async () => {
    const redirect = await listenForRedirect({ state: 'abc', expiresInMs: 60_000 })
    expect(redirect.redirectUrl.hostname).toBe('127.0.0.1')
    expect(redirect.redirectUrl.pathname).toBe('/oauth/callback')

    const page = fetch(new URL('?code=the-code&state=abc', redirect.redirectUrl))
    const outcome = await redirect.outcome
    expect(outcome.params.get('code')).toBe('the-code')
    outcome.finish({ ok: true, title: 'Signed in to <Notes>', detail: 'You can close this tab.' })
    const response = await page
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Signed in to &#60;Notes&#62;')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('refuses a redirect with another state and keeps waiting for the right one', async () => {
    const redirect = await listenForRedirect({ state: 'expected', expiresInMs: 60_000 })
    const forged = await fetch(new URL('?code=evil&state=other', redirect.redirectUrl))
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('not the sign-in MCP Desk is waiting for')
    const missing = await fetch(new URL('?code=evil', redirect.redirectUrl))
    expect(missing.status).toBe(400)

    const page = fetch(new URL('?code=good&state=expected', redirect.redirectUrl))
    const outcome = await redirect.outcome
    expect(outcome.params.get('code')).toBe('good')
    outcome.finish({ ok: false, title: 'Sign-in failed', detail: 'x' })
    expect((await page).status).toBe(400)
  })

  it('answers targets that do not parse with 400 (a hostile authorization server knows the port) and goes on', async () => {
    const redirect = await listenForRedirect({ state: 'kept', expiresInMs: 60_000 })
    const port = Number(redirect.redirectUrl.port)
    for (const target of ['//[', '/%E0%A4%A', 'http://[', '/oauth/callback/%']) {
      expect(await statusOfGet(port, target), target).toBe(400)
    }
    const page = fetch(new URL('?code=after&state=kept', redirect.redirectUrl))
    const outcome = await redirect.outcome
    expect(outcome.params.get('code')).toBe('after')
    outcome.finish({ ok: true, title: 'Signed in', detail: 'x' })
    expect((await page).status).toBe(200)
  })

  it('expires, and is closed on cancel', async () => {
    const expiring = await listenForRedirect({ state: 's', expiresInMs: 20 })
    await expect(expiring.outcome).rejects.toBeInstanceOf(SignInExpiredError)
    await expect(fetch(expiring.redirectUrl)).rejects.toThrow()

    const cancelled = await listenForRedirect({ state: 's', expiresInMs: 60_000 })
    cancelled.close()
    await expect(cancelled.outcome).rejects.toThrow(/cancelled/)
  })

  it('reuses the preferred port when it is free', async () => {
    const first = await listenForRedirect({ state: 's', expiresInMs: 60_000 })
    const port = Number(first.redirectUrl.port)
    first.close()
    const second = await listenForRedirect({ state: 's', expiresInMs: 60_000, preferredPort: port })
    expect(Number(second.redirectUrl.port)).toBe(port)
    // Taken: falls back to a random port rather than failing.
    const third = await listenForRedirect({ state: 's', expiresInMs: 60_000, preferredPort: port })
    expect(Number(third.redirectUrl.port)).not.toBe(port)
    second.close()
    third.close()
  })
})
