// The npm reference server @modelcontextprotocol/server-everything in Streamable HTTP mode, run from its
// package bin as a child process on a free port, reached through createRemoteTransport (real sessions,
// SSE answers with event ids, the standalone GET stream).
import { Client } from '@modelcontextprotocol/client'
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRemoteTransport } from '../../../../../src/main/core/mcp/http/remote-transport'
import { textOf } from '../../../../fixtures/mcp-servers/sampling-client'
import { freePort } from './support/local-http-server'
import { startServerEverythingHttp } from '../../../../support/server-everything-http'

describe('@modelcontextprotocol/server-everything over Streamable HTTP', () => {
  let child: ChildProcess | undefined
  let url = ''
  const client = new Client({ name: 'remote-transport-test', version: '1.0.0' })

  beforeAll(async () => {
    const port = await freePort()
    child = await startServerEverythingHttp('streamableHttp', port)
    url = `http://127.0.0.1:${port}/mcp`
    await client.connect(
      createRemoteTransport({
        url,
        headers: { 'X-Client': 'mcp-desk-test' },
        maxMessageBytes: 32 * 1024 * 1024,
      }),
    )
  })

  afterAll(async () => {
    await client.close()
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await exited
    }
  })

  it('lists its tools and echoes through createRemoteTransport', async () => {
    const { tools } = await client.listTools()
    expect(tools.length).toBeGreaterThan(3)
    expect(tools.map((t) => t.name)).toContain('echo')

    const result = await client.callTool({ name: 'echo', arguments: { message: 'hello over http' } })
    expect(textOf(result)).toContain('hello over http')
    expect(client.getServerVersion()?.name).toBeTruthy()
  })
})
