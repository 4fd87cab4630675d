import { describe, expect, it } from 'vitest'
import {
  browserPermissions,
  decidePermission,
  decidePermissionCheck,
  isKnownBrowserPermission,
} from '../../../../src/main/core/security/permission-policy'

describe('decidePermission', () => {
  it.each([...browserPermissions])('denies a request for %s with a reason', (permission) => {
    const decision = decidePermission(permission, {
      requestingUrl: 'http://localhost:5173/',
      isMainFrame: true,
    })
    expect(decision.allow).toBe(false)
    expect(decision.reason).toContain(`"${permission}"`)
    expect(decision.reason).toContain('http://localhost:5173')
  })

  it('denies permissions this Electron version does not name', () => {
    const decision = decidePermission('brand-new-permission', {})
    expect(decision.allow).toBe(false)
    expect(decision.reason).toContain('unrecognised permission "brand-new-permission"')
  })

  it('logs only the origin of the requesting page, never its query', () => {
    const decision = decidePermission('media', { requestingUrl: 'http://127.0.0.1:4000/?token=SECRET' })
    expect(decision.reason).not.toContain('SECRET')
    expect(decision.reason).toContain('http://127.0.0.1:4000')
  })

  it('describes file pages and missing or broken URLs without throwing', () => {
    expect(decidePermission('geolocation', { requestingUrl: 'file:///a/index.html' }).reason).toContain(
      'a file: page',
    )
    expect(decidePermission('geolocation').reason).toContain('an unknown page')
    expect(decidePermission('geolocation', { requestingUrl: '::' }).reason).toContain('unparseable')
  })
})

describe('decidePermissionCheck', () => {
  it.each(['clipboard-read', 'notifications', 'media', 'hid', 'serial', 'usb', 'openExternal', 'unknown'])(
    'denies a check for %s',
    (permission) => {
      const decision = decidePermissionCheck(permission, 'http://localhost:5173', { isMainFrame: true })
      expect(decision.allow).toBe(false)
      expect(decision.reason).toContain('checked by http://localhost:5173')
    },
  )

  it('prefers the requesting URL and tolerates an empty origin', () => {
    expect(decidePermissionCheck('media', '', {}).reason).toContain('an unknown page')
    expect(decidePermissionCheck('media', 'x', { requestingUrl: 'https://a.example/p' }).reason).toContain(
      'https://a.example',
    )
  })
})

describe('browserPermissions', () => {
  it('is a typed list without duplicates that covers the commonly abused permissions', () => {
    expect(new Set(browserPermissions).size).toBe(browserPermissions.length)
    for (const name of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(isKnownBrowserPermission(name)).toBe(true)
    }
    expect(isKnownBrowserPermission('made-up')).toBe(false)
  })
})
