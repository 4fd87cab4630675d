// The pinned fetch on real sockets, all on 127.0.0.1: the rule decides on the resolved bytes, the socket
// goes to the checked address, and https still verifies the URL's host name rather than that address.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { describeRemoteFailure } from '../../../../../src/main/core/mcp/http/remote-failure'
import {
  AddressRefusedError,
  addressRefusalOf,
  createPinnedFetch,
  localHttpOnly,
  pinnedConnector,
  publicOnly,
} from '../../../../../src/main/core/mcp/http/pinned-fetch'
import { sendJson, startLocalHttpServer } from './support/local-http-server'
import { recordingConnector, scriptedLookup, startCountingListener } from './support/pinned-network'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A self-signed certificate for `name` (as its CN and only subjectAltName), and its key. */
function certificateFor(name: string): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-pinned-'))
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`])
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function startHttpsServer(tls: { key: Buffer; cert: Buffer }): Promise<number> {
  const server = createHttpsServer(tls, (_req, res) => sendJson(res, 200, { tls: true }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return (server.address() as AddressInfo).port
}

function pinned(options: Parameters<typeof createPinnedFetch>[0]) {
  const created = createPinnedFetch(options)
  cleanups.push(() => created.close())
  return created.fetch
}

describe('the pinned fetch', () => {
  it('connects to a checked address for real and answers', async () => {
    const server = await startLocalHttpServer((_request, res) => sendJson(res, 200, { ok: true }))
    cleanups.push(() => server.close())
    const lookup = scriptedLookup(['127.0.0.1'])
    const fetch = pinned({ rule: localHttpOnly, lookup: lookup.lookup })

    const response = await fetch(`http://localhost:${server.port}/x`)

    expect(await response.json()).toEqual({ ok: true })
    expect(lookup.calls).toEqual(['localhost'])
    expect(server.requests[0]?.headers.host).toBe(`localhost:${server.port}`)
  })

  it('tries every checked address, so localhost reaches a server listening on only one family', async () => {
    const server = await startLocalHttpServer((_request, res) => sendJson(res, 200, { ok: true }))
    cleanups.push(() => server.close())
    const fetch = pinned({ rule: localHttpOnly, lookup: scriptedLookup(['::1', '127.0.0.1']).lookup })

    expect(await (await fetch(`http://localhost:${server.port}/x`)).json()).toEqual({ ok: true })
  })

  it('refuses plain http to a name that resolves off this computer, before any socket', async () => {
    const connection = recordingConnector()
    const fetch = pinned({
      rule: localHttpOnly,
      lookup: scriptedLookup(['10.0.0.5']).lookup,
      connector: connection.connector,
    })

    const error = await fetch('http://localhost:8080/mcp').then(
      () => undefined,
      (caught: unknown) => caught,
    )

    expect(addressRefusalOf(error)).toBeInstanceOf(AddressRefusedError)
    expect(describeRemoteFailure(error, { url: 'http://localhost:8080/mcp' })).toBe(
      'refused to connect to localhost: plain http is only allowed to this computer, and this name resolves to 10.0.0.5',
    )
    expect(connection.pinned).toEqual([])
  })

  it('lets https reach any address the user chose, pinned to the one resolved', async () => {
    const internet = await startLocalHttpServer((_request, res) => sendJson(res, 200, { ok: true }))
    cleanups.push(() => internet.close())
    const connection = recordingConnector(internet.port)
    const fetch = pinned({
      rule: localHttpOnly,
      lookup: scriptedLookup(['10.0.0.5'], ['192.0.2.1']).lookup,
      connector: connection.connector,
    })

    expect(await (await fetch('https://mcp.intranet.example/mcp')).json()).toEqual({ ok: true })
    expect(connection.pinned).toEqual(['10.0.0.5'])
  })

  it('connects to a legacy IPv4 spelling only as the address it means', async () => {
    const victim = await startCountingListener()
    cleanups.push(() => victim.close())
    const connection = recordingConnector()
    const fetch = pinned({
      rule: publicOnly,
      lookup: scriptedLookup(['0x7f.1']).lookup,
      connector: connection.connector,
    })

    await expect(fetch(`https://odd-resolver.example:${victim.port}/`)).rejects.toThrow()

    expect(connection.pinned).toEqual([])
    expect(victim.connections).toBe(0)
  })

  it('verifies the certificate against the URL host name, not the pinned address', async () => {
    const trusting = (tls: { cert: Buffer }) => pinnedConnector({ ca: tls.cert })
    const good = certificateFor('auth.test')
    const portGood = await startHttpsServer(good)
    const lookup = scriptedLookup(['127.0.0.1'])

    const fetch = pinned({ rule: localHttpOnly, lookup: lookup.lookup, connector: trusting(good) })
    expect(await (await fetch(`https://auth.test:${portGood}/meta`)).json()).toEqual({ tls: true })

    // The same address under another name: the certificate names auth.test, so TLS refuses it.
    const wrongName = certificateFor('other.test')
    const portWrong = await startHttpsServer(wrongName)
    const strict = pinned({ rule: localHttpOnly, lookup: lookup.lookup, connector: trusting(wrongName) })
    const error = await strict(`https://auth.test:${portWrong}/meta`).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(describeRemoteFailure(error)).toContain('the certificate is not valid for this host name')
  })
})
