// Servers that fail in the ways real ones do, run as real child processes behind the SDK Client: the
// transport must say why (exit code, signal, stderr, size limit) instead of just "connection closed".
import { Client } from '@modelcontextprotocol/client'
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  describeExit,
  MalformedMessageError,
  MessageTooLargeError,
  ObservingStdioTransport,
  type ObservingStdioTransportOptions,
} from '../../../../../src/main/core/mcp/stdio/stdio-transport'
import { misbehavingServer, waitUntilGone } from '../../../../fixtures/misbehaving/misbehaving-command'
import { tempHome, type TempHome } from '../../../../support/temp-home'

const MiB = 1024 * 1024

function transportFor(
  flags: string[],
  options: Partial<ObservingStdioTransportOptions> = {},
): { transport: ObservingStdioTransport; errors: Error[]; closed: Promise<void> } {
  const transport = new ObservingStdioTransport({
    ...misbehavingServer(flags),
    env: {},
    maxMessageBytes: 32 * MiB,
    shutdownGraceMs: 200,
    ...options,
  })
  const errors: Error[] = []
  transport.onerror = (error) => errors.push(error)
  // Client.connect chains onto onclose, so this sees every close.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
  })
  return { transport, errors, closed }
}

const newClient = (): Client => new Client({ name: 'stdio-transport-test', version: '1.0.0' })

describe('ObservingStdioTransport with a failing server', () => {
  it('reports exit code 3 and the stderr message of a server that exits at start', async () => {
    const { transport, closed } = transportFor(['--exit-at-start', '3', '--stderr', 'config file missing'])
    await expect(newClient().connect(transport)).rejects.toThrow(/Connection closed/)
    await closed
    expect(transport.exitInfo).toEqual({ code: 3, signal: null, hostInitiated: false })
    expect(transport.stderrTail()).toBe('config file missing\n')
    expect(describeExit(transport.exitInfo, transport.stderrTail())).toBe(
      'exited with code 3: config file missing',
    )
  })

  it('reports SIGSEGV when the server crashes at start', async () => {
    const { transport, closed } = transportFor(['--kill-self', 'SIGSEGV', '--kill-self-at', 'start'])
    await expect(newClient().connect(transport)).rejects.toThrow(/Connection closed/)
    await closed
    expect(transport.exitInfo).toEqual({ code: null, signal: 'SIGSEGV', hostInitiated: false })
    expect(describeExit(transport.exitInfo, transport.stderrTail())).toBe('killed by SIGSEGV')
  })

  it('reports SIGKILL when a connected server is killed', async () => {
    const { transport, closed } = transportFor(['--kill-self', 'SIGKILL'])
    const client = newClient()
    await client.connect(transport)
    await closed
    expect(transport.exitInfo).toEqual({ code: null, signal: 'SIGKILL', hostInitiated: false })
    expect(describeExit(transport.exitInfo, '')).toBe('killed by SIGKILL')
    await expect(client.listTools()).rejects.toThrow(/Not connected/)
  })

  it('fails a 33 MiB line with the size limit named and stops the server', async () => {
    const { transport, errors, closed } = transportFor(['--huge-line', String(33 * MiB)])
    await expect(newClient().connect(transport)).rejects.toThrow()
    await closed
    const tooLarge = errors.find((error) => error instanceof MessageTooLargeError)
    expect(tooLarge?.message).toBe('a message from the server exceeded 32 MiB (maxMessageBytes)')
    expect(transport.exitInfo?.hostInitiated).toBe(true)
    await waitUntilGone(transport.pid ?? -1)
  })

  it('reports malformed lines and carries on', async () => {
    const { transport, errors } = transportFor(['--malformed-lines'])
    const client = newClient()
    await client.connect(transport)
    expect(errors).toHaveLength(2)
    expect(errors.every((error) => error instanceof MalformedMessageError)).toBe(true)
    expect(await client.callTool({ name: 'echo', arguments: { text: 'still here' } })).toMatchObject({
      content: [{ type: 'text', text: 'still here' }],
    })
    await client.close()
  })

  it('answers a request the JSON-RPC schema refuses with -32600 and its id, instead of leaving it hanging', async () => {
    const { transport, errors } = transportFor(['--malformed-request'])
    const client = newClient()
    await client.connect(transport)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(MalformedMessageError)
    const result = await client.callTool({ name: 'answers', arguments: {} })
    const [answer] = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as unknown[]
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 'bad-1', error: { code: -32600 } })
    expect((answer as { error: { message: string } }).error.message).toMatch(/^Invalid Request: /)
    await client.close()
  })

  it('reports the exit of a server whose orphaned grandchild still holds its stdout', async () => {
    const { transport, closed } = transportFor(['--fork-grandchild', '--grandchild-keeps-stdio'])
    const client = newClient()
    await client.connect(transport)
    const grandchild = Number(await textOfCall(client, 'grandchild_pid'))
    await expect(client.callTool({ name: 'exit', arguments: { code: 5 } })).rejects.toThrow(
      /Connection closed/,
    )
    await closed
    expect(transport.exitInfo).toEqual({ code: 5, signal: null, hostInitiated: false })
    // The last thing it said, not the first (the grandchild's pid, logged when it was started).
    expect(transport.stderrTail()).toContain(`grandchild pid ${grandchild}`)
    expect(describeExit(transport.exitInfo, transport.stderrTail())).toBe(
      'exited with code 5: exiting with code 5 on request',
    )
    await waitUntilGone(grandchild)
  })
})

async function textOfCall(client: Client, name: string): Promise<string> {
  const result = await client.callTool({ name, arguments: {} })
  const first = (result.content as { type: string; text?: string }[])[0]
  return first?.text ?? ''
}

describe('ObservingStdioTransport start failures', () => {
  let home: TempHome
  beforeAll(async () => {
    home = await tempHome()
  })
  afterAll(async () => {
    await home.cleanup()
  })

  it('says a missing command is not found', async () => {
    const { transport } = transportFor([], { command: 'mcp-desk-no-such-command', args: [] })
    await expect(transport.start()).rejects.toThrow('command not found: mcp-desk-no-such-command')
  })

  it('says a file without execute permission is not executable', async () => {
    const script = join(home.dir, 'server.sh')
    await writeFile(script, '#!/bin/sh\nexit 0\n')
    await chmod(script, 0o644)
    const { transport } = transportFor([], { command: script, args: [] })
    await expect(transport.start()).rejects.toThrow(`not executable: ${script}`)
  })

  it('says when a script exists but its #! interpreter does not', async () => {
    const script = join(home.dir, 'server.py')
    await writeFile(script, '#!/nonexistent/python3\nprint(1)\n')
    await chmod(script, 0o755)
    const { transport } = transportFor([], { command: script, args: [] })
    await expect(transport.start()).rejects.toThrow(
      `cannot run ${script}: the interpreter on its #! line was not found`,
    )
  })

  it('says a missing working directory is missing', async () => {
    const cwd = join(home.dir, 'gone')
    const { transport } = transportFor([], { cwd })
    await expect(transport.start()).rejects.toThrow(`working directory not found: ${cwd}`)
  })

  it('reports arguments spawn refuses outright, and still closes once', async () => {
    const { transport, closed } = transportFor([], { args: ['bad\u0000argument'] })
    await expect(transport.start()).rejects.toThrow(/^could not start .*null bytes/)
    await transport.close()
    await closed
    expect(transport.exitInfo).toBeUndefined()
  })

  it('refuses a nonsensical message cap', () => {
    expect(() => transportFor([], { maxMessageBytes: 0 })).toThrow(/maxMessageBytes must be a positive/)
  })
})

describe('ObservingStdioTransport callbacks', () => {
  it('reports a throwing onmessage or onstderr through onerror and keeps reading', async () => {
    const { transport, errors, closed } = transportFor(['--stderr', 'hello on stderr'])
    const received: unknown[] = []
    let bothAnswered!: () => void
    const answered = new Promise<void>((resolve) => (bothAnswered = resolve))
    transport.onstderr = () => {
      throw new Error('stderr handler broke')
    }
    transport.onmessage = (message) => {
      received.push(message)
      if (received.length === 2) bothAnswered()
      throw new Error('message handler broke')
    }
    await transport.start()
    const request = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' })
    await transport.send(request(1))
    await transport.send(request(2))
    // Closing before both answers arrived would race the server's replies against its exit.
    await answered
    await transport.close()
    await closed
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
    expect(errors.map((error) => error.message).sort()).toEqual([
      'message handler broke',
      'message handler broke',
      'stderr handler broke',
    ])
  })
})
