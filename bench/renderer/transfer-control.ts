import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { WebSocketServer } from 'ws'
import { frameFigures, type FrameFigures } from './frame-figures'
import { startRecording, stopRecording } from './frame-probe'

/**
 * The second control: a blank page in the same browser receives the whole long transcript as one
 * `chat:open` answer (one WebSocket message, as web mode sends it) and parses it, and nothing else. That is
 * how the window opened a conversation before it paged: Chromium receives and decodes a message on the
 * page's main thread, so no rendering work could bring a frame below this one. It shows what paging saves.
 */
export async function measureTransfer(
  browser: Browser,
  message: string,
  settleMs: number,
): Promise<FrameFigures> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end('<!doctype html><title>transfer control</title>')
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => socket.on('message', () => socket.send(message)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const page = await browser.newPage()
  try {
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.evaluate(`window.__transfer = new Promise((resolve) => {
      const socket = new WebSocket('ws://127.0.0.1:${port}/')
      socket.onopen = () => resolve(socket)
    })`)
    await page.evaluate('window.__transfer')
    await startRecording(page)
    await page.evaluate(`new Promise((resolve) => window.__transfer.then((socket) => {
      socket.onmessage = (event) => resolve(JSON.parse(event.data) !== null)
      socket.send('open')
    }))`)
    return frameFigures(await stopRecording(page, settleMs))
  } finally {
    await page.close()
    sockets.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** What web mode sends as the answer to `chat:open` without a tail: the whole conversation in one frame. */
export function wholeTranscriptFrame(view: { meta: unknown; records: unknown[] }): string {
  return JSON.stringify({
    type: 'result',
    id: 1,
    result: { ok: true, value: { ...view, firstIndex: 0, warnings: [], awaitingConfirmation: false } },
  })
}
