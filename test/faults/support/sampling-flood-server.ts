// An MCP server over stdio whose `flood` tool fires `count` sampling/createMessage requests at the host at
// once, waits until every one is answered, and returns what each got, for the sampling flood fault test:
//   node test/faults/support/sampling-flood-server.ts
// Each request carries `textBytes` of text, so a host that kept requests after answering them would show
// it in its heap. Node runs this file with type stripping: it imports only packages.
import { renameSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import { McpServer, ProtocolError } from '@modelcontextprotocol/server'
import { z } from 'zod'

export type FloodAnswer =
  | { ok: true; text: string; model: string }
  | { ok: false; code: number | undefined; reason: unknown; message: string }

const server = new McpServer({ name: 'sampling-flood', version: '1.0.0' }, { capabilities: { tools: {} } })

server.registerTool(
  'flood',
  {
    description: 'Sends count sampling requests at once and reports every answer',
    inputSchema: z.object({ count: z.number().int().positive(), textBytes: z.number().int().nonnegative() }),
  },
  async ({ count, textBytes }) => {
    const filler = 'x'.repeat(textBytes)
    const requests = Array.from({ length: count }, (_, i) =>
      server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `request ${i} ${filler}` } }],
        maxTokens: 20,
      }),
    )
    const settled = await Promise.allSettled(requests)
    const answers: FloodAnswer[] = settled.map((outcome) => {
      if (outcome.status === 'fulfilled') {
        const content = outcome.value.content
        const text = !Array.isArray(content) && content.type === 'text' ? content.text : ''
        return { ok: true, text, model: outcome.value.model }
      }
      const error: unknown = outcome.reason
      return {
        ok: false,
        code: error instanceof ProtocolError ? error.code : undefined,
        reason:
          error instanceof ProtocolError
            ? (error.data as { reason?: unknown } | undefined)?.reason
            : undefined,
        message: error instanceof Error ? error.message : String(error),
      }
    })
    return { content: [{ type: 'text', text: JSON.stringify(answers) }] }
  },
)

export interface FloodTally {
  served: number
  /** Refusals by error code, and one message per code. */
  refused: Record<string, { count: number; message: string }>
}

// `count` requests in waves of `wave` at once (a wave starts when the last one settled), answers counted
// rather than listed: a flood too large to report request by request.
server.registerTool(
  'flood-waves',
  {
    description: 'Sends count sampling requests, wave at a time, and counts the answers',
    inputSchema: z.object({ count: z.number().int().positive(), wave: z.number().int().positive() }),
  },
  async ({ count, wave }) => {
    const tally = await floodInWaves(count, wave)
    return { content: [{ type: 'text', text: JSON.stringify(tally) }] }
  },
)

// `count` requests at once, of which those at the `cancel` indices are cancelled by the server right
// after all were sent (notifications/cancelled): answers of the others, in order.
server.registerTool(
  'flood-cancel',
  {
    description: 'Sends count sampling requests at once and cancels some of them',
    inputSchema: z.object({
      count: z.number().int().positive(),
      cancel: z.array(z.number().int().nonnegative()),
    }),
  },
  async ({ count, cancel }) => {
    const controllers = Array.from({ length: count }, () => new AbortController())
    const requests = controllers.map((controller, i) =>
      server.server.createMessage(
        {
          messages: [{ role: 'user', content: { type: 'text', text: `request ${i}` } }],
          maxTokens: 20,
        },
        { signal: controller.signal },
      ),
    )
    for (const index of cancel) controllers[index]?.abort('no longer needed')
    const settled = await Promise.allSettled(requests)
    const answers = settled.map((outcome, i) =>
      cancel.includes(i) ? 'cancelled' : outcome.status === 'fulfilled' ? 'served' : 'failed',
    )
    return { content: [{ type: 'text', text: JSON.stringify(answers) }] }
  },
)

/** Waves of requests until `count` were answered; the tally of their answers. */
async function floodInWaves(count: number, wave: number): Promise<FloodTally> {
  const tally: FloodTally = { served: 0, refused: {} }
  for (let sent = 0; sent < count; sent += wave) {
    const size = Math.min(wave, count - sent)
    const settled = await Promise.allSettled(
      Array.from({ length: size }, () =>
        server.server.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
          maxTokens: 20,
        }),
      ),
    )
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') {
        tally.served++
        continue
      }
      const error: unknown = outcome.reason
      const code = error instanceof ProtocolError ? String(error.code) : 'none'
      const entry = tally.refused[code] ?? { count: 0, message: (error as Error).message }
      entry.count++
      tally.refused[code] = entry
    }
  }
  return tally
}

// `--flood-on-start N --out FILE`: floods as soon as the host has initialised (no tool call needed, for a
// host in another process), then writes the tally to FILE.
const { values: startFlood } = parseArgs({
  args: process.argv.slice(2),
  options: { 'flood-on-start': { type: 'string' }, out: { type: 'string' } },
})
if (startFlood['flood-on-start'] !== undefined && startFlood.out !== undefined) {
  const count = Number(startFlood['flood-on-start'])
  const out = startFlood.out
  server.server.oninitialized = () => {
    // Written aside and renamed, so whoever waits for the file never reads it half written.
    void floodInWaves(count, 1_000).then((tally) => {
      writeFileSync(`${out}.partial`, JSON.stringify(tally))
      renameSync(`${out}.partial`, out)
    })
  }
}

await server.connect(new StdioServerTransport())
