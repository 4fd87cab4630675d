// Shutdown ends stdin, escalates to SIGTERM and SIGKILL of the whole process group, reaps, and leaves no
// process behind: real child processes, checked with kill(pid, 0).
import { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { describeExit, ObservingStdioTransport } from '../../../../../src/main/core/mcp/stdio/stdio-transport'
import {
  misbehavingServer,
  processExists,
  waitUntilGone,
} from '../../../../fixtures/misbehaving/misbehaving-command'

function transportFor(flags: string[]): { transport: ObservingStdioTransport; closes: () => number } {
  const transport = new ObservingStdioTransport({
    ...misbehavingServer(flags),
    env: {},
    maxMessageBytes: 1024 * 1024,
    shutdownGraceMs: 200,
  })
  let closes = 0
  transport.onclose = () => {
    closes += 1
  }
  return { transport, closes: () => closes }
}

async function connected(transport: ObservingStdioTransport): Promise<Client> {
  const client = new Client({ name: 'stdio-shutdown-test', version: '1.0.0' })
  await client.connect(transport)
  return client
}

async function grandchildPid(client: Client): Promise<number> {
  const result = await client.callTool({ name: 'grandchild_pid', arguments: {} })
  return Number((result.content as { text: string }[])[0]?.text)
}

describe('ObservingStdioTransport shutdown', () => {
  it('ends a cooperative server by closing stdin, marks it host-initiated and fires onclose once', async () => {
    const { transport, closes } = transportFor([])
    const client = await connected(transport)
    await client.close()
    await transport.close()
    expect(transport.exitInfo).toEqual({ code: 0, signal: null, hostInitiated: true })
    expect(describeExit(transport.exitInfo, '')).toBe('was stopped by MCP Desk')
    expect(closes()).toBe(1)
    expect(processExists(transport.pid ?? -1)).toBe(false)
  })

  it('SIGTERMs a server that keeps running after stdin closes', async () => {
    const { transport } = transportFor(['--linger'])
    await connected(transport)
    await transport.close()
    expect(transport.exitInfo).toEqual({ code: null, signal: 'SIGTERM', hostInitiated: true })
  })

  it('SIGKILLs a server that ignores SIGTERM, and reaps it', async () => {
    const { transport } = transportFor(['--ignore-sigterm'])
    await connected(transport)
    await transport.close()
    expect(transport.exitInfo).toEqual({ code: null, signal: 'SIGKILL', hostInitiated: true })
    expect(transport.stderrTail()).toContain('ignoring SIGTERM')
    expect(processExists(transport.pid ?? -1)).toBe(false)
  })

  it('leaves neither the server nor its grandchild alive', async () => {
    const { transport } = transportFor(['--fork-grandchild'])
    const client = await connected(transport)
    const grandchild = await grandchildPid(client)
    expect(processExists(grandchild)).toBe(true)
    await client.close()
    await waitUntilGone(transport.pid ?? -1)
    await waitUntilGone(grandchild)
  })

  it('kills a leftover grandchild that ignores SIGTERM', async () => {
    const { transport } = transportFor(['--fork-grandchild', '--grandchild-ignores-sigterm'])
    const client = await connected(transport)
    const grandchild = await grandchildPid(client)
    await client.close()
    await waitUntilGone(grandchild)
  })

  it('cleans up the group of a server that already crashed when close() is called', async () => {
    const { transport } = transportFor(['--fork-grandchild'])
    const client = await connected(transport)
    const grandchild = await grandchildPid(client)
    const closed = new Promise<void>((resolve) => {
      client.onclose = () => resolve()
    })
    await expect(client.callTool({ name: 'exit', arguments: { code: 2 } })).rejects.toThrow(
      /Connection closed/,
    )
    await closed
    expect(processExists(grandchild)).toBe(true)
    await transport.close()
    expect(transport.exitInfo).toEqual({ code: 2, signal: null, hostInitiated: false })
    await waitUntilGone(grandchild)
  })

  it('is idempotent and refuses to send once closed', async () => {
    const { transport, closes } = transportFor([])
    await transport.start()
    await Promise.all([transport.close(), transport.close()])
    await transport.close()
    expect(closes()).toBe(1)
    await expect(transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' })).rejects.toThrow(
      'the stdio transport is closed',
    )
    await expect(transport.start()).rejects.toThrow('already started')
  })

  it('refuses to send before start, and closes cleanly when never started', async () => {
    const { transport, closes } = transportFor([])
    await expect(transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' })).rejects.toThrow(
      'the stdio transport is not started',
    )
    await transport.close()
    expect(closes()).toBe(1)
    expect(transport.exitInfo).toBeUndefined()
  })
})
