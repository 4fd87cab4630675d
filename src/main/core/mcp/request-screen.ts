import type { Client, Transport, JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/client'

/**
 * Answers a server's request before the SDK handles it, or `undefined` to let it through. For requests a
 * flood sends by the thousand and the host refuses anyway (sampling over its limits): handled by the SDK,
 * each one costs a schema parse, a handler promise and an abort controller; answered here, a small write.
 */
export type RequestScreen = (client: Client, request: JSONRPCRequest) => JSONRPCMessage | undefined

/**
 * Puts `screen` in front of what the connected client receives from `transport`. Called once the client
 * is connected (Protocol.connect sets `onmessage`); requests before that go the normal way.
 */
export function screenRequests(transport: Transport, client: Client, screen: RequestScreen): void {
  const deliver = transport.onmessage
  transport.onmessage = (message, extra) => {
    const answer = 'method' in message && 'id' in message ? screen(client, message) : undefined
    if (answer === undefined) {
      deliver?.(message, extra)
      return
    }
    transport.send(answer).catch(() => {
      // The connection is closing: the server is gone and needs no answer.
    })
  }
}
