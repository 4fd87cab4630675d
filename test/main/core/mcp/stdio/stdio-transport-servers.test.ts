// Working servers through the transport: a chatty one (stderr drained, tail kept), the child's environment
// (nothing from the host but the allowed variables), and the npm reference server-everything.
import { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import {
  ObservingStdioTransport,
  STDERR_TAIL_CHARS,
} from '../../../../../src/main/core/mcp/stdio/stdio-transport'
import { misbehavingServer } from '../../../../fixtures/misbehaving/misbehaving-command'
import { stderrFloodText } from '../../../../fixtures/misbehaving/stderr-flood'
import { spawnCommandFor } from '../../../../support/spawn-command'

const MiB = 1024 * 1024

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[]).map((part) => part.text).join('')
}

async function withClient<T>(
  transport: ObservingStdioTransport,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ name: 'stdio-servers-test', version: '1.0.0' })
  await client.connect(transport)
  try {
    return await use(client)
  } finally {
    await client.close()
  }
}

describe('ObservingStdioTransport with working servers', () => {
  it('drains 256 KiB of stderr, keeps its last 4096 characters and still talks', async () => {
    const flood = 256 * 1024
    const transport = new ObservingStdioTransport({
      ...misbehavingServer(['--stderr-flood', String(flood)]),
      env: {},
      maxMessageBytes: 32 * MiB,
    })
    let streamed = 0
    transport.onstderr = (chunk) => {
      streamed += chunk.length
    }
    const echoed = await withClient(transport, async (client) =>
      textOf(await client.callTool({ name: 'echo', arguments: { text: 'after the flood' } })),
    )
    expect(echoed).toBe('after the flood')
    expect(streamed).toBe(flood)
    expect(transport.stderrTail()).toHaveLength(STDERR_TAIL_CHARS)
    expect(transport.stderrTail()).toBe(stderrFloodText(flood).slice(-STDERR_TAIL_CHARS))
  })

  it('gives the child only the allowed host variables plus its configured ones', async () => {
    const transport = new ObservingStdioTransport({
      ...misbehavingServer(),
      env: { FIXTURE_API_KEY: 'configured-secret', SERVER_MODE: 'test' },
      maxMessageBytes: 32 * MiB,
      platform: 'linux',
      hostEnv: {
        PATH: process.env.PATH,
        HOME: '/home/fake',
        LANG: 'C.UTF-8',
        USER: 'fake',
        SECRET_TOKEN: 'host-secret',
        MCP_DESK_HOME: '/home/fake/.mcp-desk',
        RANDOM_VAR: 'random',
        OPENAI_API_KEY: 'sk-host',
        NODE_OPTIONS: '--inspect',
      },
    })
    const env = await withClient(transport, async (client) =>
      JSON.parse(textOf(await client.callTool({ name: 'echo_env', arguments: {} }))),
    )
    expect(env).toEqual({
      PATH: process.env.PATH,
      HOME: '/home/fake',
      LANG: 'C.UTF-8',
      USER: 'fake',
      FIXTURE_API_KEY: 'configured-secret',
      SERVER_MODE: 'test',
    })
  })

  it('runs @modelcontextprotocol/server-everything: lists tools and calls echo', async () => {
    const transport = new ObservingStdioTransport({
      ...spawnCommandFor('server-everything'),
      env: {},
      maxMessageBytes: 32 * MiB,
    })
    await withClient(transport, async (client) => {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toContain('echo')
      const result = await client.callTool({ name: 'echo', arguments: { message: 'hello everything' } })
      expect(textOf(result)).toContain('hello everything')
    })
    expect(transport.exitInfo?.hostInitiated).toBe(true)
  })
})
