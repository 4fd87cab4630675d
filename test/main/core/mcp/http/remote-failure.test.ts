// describeRemoteFailure on failures produced for real against 127.0.0.1 (refused port, TLS to a plain
// http server, a self-signed certificate, a server that never answers) and on the error shapes undici
// and the SDK produce for cases this machine cannot reach (DNS, expired certificates).
import { Client, SdkErrorCode, SdkError, SdkHttpError } from '@modelcontextprotocol/client'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createRemoteTransport,
  describeRemoteFailure,
} from '../../../../../src/main/core/mcp/http/remote-transport'
import { freePort, startLocalHttpServer } from './support/local-http-server'

const CAP = 64 * 1024

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function connectError(url: string, options: { timeout?: number } = {}): Promise<unknown> {
  const client = new Client({ name: 'remote-failure-test', version: '1.0.0' })
  cleanups.push(() => client.close())
  const transport = createRemoteTransport({
    url,
    headers: { 'X-Api-Key': 'key-never-shown-42' },
    maxMessageBytes: CAP,
  })
  return await client.connect(transport, options).then(
    () => new Error('connected unexpectedly'),
    (error: unknown) => error,
  )
}

describe('describeRemoteFailure on real failures', () => {
  it('names host and port when the connection is refused', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/mcp?key=abc`

    const error = await connectError(url)

    expect(describeRemoteFailure(error, { url })).toBe(`connection refused by 127.0.0.1:${port}`)
    // Without the URL the address comes from the socket error itself.
    expect(describeRemoteFailure(error)).toBe(`connection refused by 127.0.0.1:${port}`)
  })

  it('says the server did not speak TLS when https meets a plain http server', async () => {
    const server = await startLocalHttpServer((_request, res) => void res.writeHead(200).end())
    cleanups.push(() => server.close())
    const url = `https://127.0.0.1:${server.port}/mcp`

    const error = await connectError(url)

    expect(describeRemoteFailure(error, { url })).toBe(
      `TLS failure with 127.0.0.1:${server.port}: the server did not answer in TLS (is it plain http?)`,
    )
  })

  it('says the certificate is self-signed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-tls-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
      ].concat(['-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    )
    const server = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => void res.writeHead(200).end(),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const { port } = server.address() as AddressInfo
    const url = `https://127.0.0.1:${port}/mcp`

    const error = await connectError(url)

    expect(describeRemoteFailure(error, { url })).toBe(
      `TLS failure with 127.0.0.1:${port}: the certificate is self-signed`,
    )
  })

  it('says nothing answered within the connect timeout', async () => {
    // Takes every request and never answers it.
    const server = await startLocalHttpServer(() => undefined)
    cleanups.push(() => server.close())
    const url = `${`http://127.0.0.1:${server.port}`}/mcp`

    const error = await connectError(url, { timeout: 200 })

    expect(describeRemoteFailure(error, { url })).toBe(`no answer from ${url} within 200 ms (timed out)`)
  })
})

describe('describeRemoteFailure on error shapes', () => {
  function fetchFailed(cause: Record<string, unknown> & { message: string }): TypeError {
    return new TypeError('fetch failed', { cause: Object.assign(new Error(cause.message), cause) })
  }

  it.each([
    [
      fetchFailed({
        message: 'getaddrinfo ENOTFOUND mcp.example.invalid',
        code: 'ENOTFOUND',
        hostname: 'mcp.example.invalid',
      }),
      'could not resolve the host name mcp.example.invalid',
    ],
    [
      fetchFailed({ message: 'certificate has expired', code: 'CERT_HAS_EXPIRED' }),
      'TLS failure with mcp.example.com:443: the certificate has expired',
    ],
    [
      fetchFailed({
        message: "Hostname/IP does not match certificate's altnames",
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      }),
      'TLS failure with mcp.example.com:443: the certificate is not valid for this host name',
    ],
    [
      fetchFailed({
        message: 'unable to verify the first certificate',
        code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      }),
      'TLS failure with mcp.example.com:443: the certificate is not signed by a trusted authority',
    ],
    [
      fetchFailed({ message: 'Connect Timeout Error', code: 'UND_ERR_CONNECT_TIMEOUT' }),
      'timed out connecting to mcp.example.com:443',
    ],
    [
      fetchFailed({ message: 'Headers Timeout Error', code: 'UND_ERR_HEADERS_TIMEOUT' }),
      'timed out waiting for mcp.example.com:443 to answer',
    ],
    [
      new SdkHttpError(SdkErrorCode.ClientHttpForbidden, 'Error POSTing to endpoint: forbidden', {
        status: 403,
      }),
      /^the server refused the credentials \(HTTP 403\); signing in with OAuth is not supported yet/,
    ],
    [
      new SdkHttpError(
        SdkErrorCode.ClientHttpNotImplemented,
        'Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}',
        { status: 404 },
      ),
      'the server no longer knows this session (HTTP 404): Session not found',
    ],
    [
      new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/html'),
      'the server answered in an unexpected format (Unexpected content type: text/html); expected JSON or an event stream',
    ],
    [
      new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'),
      'the connection to https://mcp.example.com/v1/mcp was closed',
    ],
    [
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      'timed out talking to https://mcp.example.com/v1/mcp',
    ],
    // Our size error reaches onerror as text inside the SDK's own message.
    [
      new Error(
        'SSE stream disconnected: MessageTooLargeError: the server sent an event-stream message larger than maxMessageBytes (32 MiB)',
      ),
      'the server sent an event-stream message larger than maxMessageBytes (32 MiB)',
    ],
  ])('describes %s', (error, expected) => {
    const line = describeRemoteFailure(error, { url: 'https://mcp.example.com/v1/mcp?token=abc' })
    if (typeof expected === 'string') expect(line).toBe(expected)
    else expect(line).toMatch(expected)
  })

  it('removes header values a server echoed back and query strings from any text', () => {
    const secret = 'Bearer sk-echoed-9876543210'
    const error = new SdkHttpError(
      SdkErrorCode.ClientHttpNotImplemented,
      'Error POSTing to endpoint: token sk-echoed-9876543210 rejected, see https://idp.example.com/help?session=xyz',
      { status: 500 },
    )

    const line = describeRemoteFailure(error, { secretValues: [secret] })

    expect(line).toBe(
      'the server answered HTTP 500: token [redacted] rejected, see https://idp.example.com/help',
    )
  })

  it('keeps to one line and copes with things that are not errors', () => {
    expect(describeRemoteFailure(new Error('first\nsecond\n\tthird'))).toBe('first second third')
    expect(describeRemoteFailure(undefined)).toBe(
      'talking to the configured URL failed for an unknown reason',
    )
    expect(describeRemoteFailure('plain text')).toBe('plain text')
  })
})

describe('describeRemoteFailure for causes it has no words of its own for', () => {
  it('names the cause behind a bare "fetch failed"', () => {
    const error = new TypeError('fetch failed', { cause: new Error('bad port') })
    expect(describeRemoteFailure(error)).toBe('fetch failed: bad port')
  })
})
