import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { WebSocketServer } from 'ws'
import { frameFigures, type FrameFigures } from './frame-figures'
import { startRecording, stopRecording } from './frame-probe'

/**
 * The second control: a blank page in the same browser receives the bytes `chat:open` sends for the long
 * transcript (one WebSocket message, as web mode sends it) and parses them, and nothing else. Chromium
 * receives and decodes a message on the page's main thread, so a frame here is the floor under opening
 * the conversation that no rendering work in the window can go below: what is left over in the open
 * scenario is the window's own.
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

/** What web mode sends as the answer to `chat:open`: a result frame holding the conversation's view. */
export function openAnswerFrame(view: { meta: unknown; records: unknown[] }): string {
  return JSON.stringify({
    type: 'result',
    id: 1,
    result: { ok: true, value: { ...view, warnings: [], awaitingConfirmation: false } },
  })
}
