import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createGuardedServer,
  parseRequestTarget,
  type GuardedServerOptions,
} from '../../../../src/main/core/net/guarded-http-server'
import { sendRaw, statusOfGet } from '../../../support/raw-http'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    }),
  )
})

async function listening(options: Omit<GuardedServerOptions, 'name'>): Promise<number> {
  const server = createGuardedServer({ name: 'test', ...options })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

const upgradeRequest = (port: number, target: string) =>
  [
    `GET ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n')

describe('parseRequestTarget', () => {
  it('parses origin-form targets and decodes the path once', () => {
    const target = parseRequestTarget('/a%20b/c?x=%E2%9C%93&y')
    expect(target?.path).toBe('/a b/c')
    expect([...(target?.query ?? [])]).toEqual([
      ['x', '✓'],
      ['y', ''],
    ])
    expect(parseRequestTarget('/%2525')?.path).toBe('/%25')
    // Query values decode leniently (U+FFFD for a broken escape), so reading one never throws.
    expect(parseRequestTarget('/ipc?token=%E0%A4%A')?.query.get('token')).toBe('\uFFFD%A')
  })

  it('refuses what a URL parser would read as a host, other forms, and broken percent-encoding', () => {
    for (const raw of [
      undefined,
      '',
      '//[',
      '//evil.example/x',
      'http://[',
      'http://a/',
      '*',
      'a',
      '/%E0%A4%A',
      '/%',
    ]) {
      expect(parseRequestTarget(raw), String(raw)).toBeUndefined()
    }
  })
})

describe('a guarded server', () => {
  it('answers a target that does not parse with 400 without calling the handler', async () => {
    const seen: string[] = []
    const port = await listening({
      request: (_req, res, target) => {
        seen.push(target.path)
        res.end('ok')
      },
    })
    expect(await statusOfGet(port, '//[')).toBe(400)
    expect(await statusOfGet(port, '/fine')).toBe(200)
    expect(seen).toEqual(['/fine'])
  })

  it('answers 400 when a handler throws or rejects, logs without the URL, and keeps serving', async () => {
    const log: string[] = []
    const port = await listening({
      log: (line) => log.push(line),
      request: async (_req, res, target) => {
        if (target.path === '/throws') decodeURIComponent('%E0%A4%A')
        if (target.path === '/rejects') await Promise.reject(new Error('no'))
        res.end('ok')
      },
    })
    expect(await statusOfGet(port, '/throws?code=secret-code')).toBe(400)
    expect(await statusOfGet(port, '/rejects')).toBe(400)
    expect(await statusOfGet(port, '/')).toBe(200)
    expect(log).toHaveLength(2)
    expect(log.join('\n')).not.toContain('secret-code')
  })

  it('writes 400 on an upgrade socket whose target does not parse, whose handler throws, or that has no handler', async () => {
    const throwing = await listening({
      request: (_req, res) => void res.end(),
      upgrade: () => {
        throw new URIError('URI malformed')
      },
    })
    expect(await sendRaw(throwing, upgradeRequest(throwing, '//['))).toMatch(
      /^HTTP\/1\.1 400 Bad Request\r\n/,
    )
    expect(await sendRaw(throwing, upgradeRequest(throwing, '/ipc'))).toMatch(
      /^HTTP\/1\.1 400 Bad Request\r\n/,
    )
    expect(await statusOfGet(throwing, '/')).toBe(200)

    const plain = await listening({ request: (_req, res) => void res.end() })
    expect(await sendRaw(plain, upgradeRequest(plain, '/ipc'))).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
  })
})
