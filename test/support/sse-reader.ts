// Reads a Server-Sent Events body the way a strict client would: events end with a blank line,
// and only `data:` fields count. Yields each event's data text (e.g. JSON or `[DONE]`).

export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffered += decoder.decode(value, { stream: true })
      let end = buffered.indexOf('\n\n')
      while (end !== -1) {
        const event = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length))
          .join('\n')
        yield data
        end = buffered.indexOf('\n\n')
      }
    }
    if (buffered.trim().length > 0)
      throw new Error(`SSE stream ended inside an event: ${JSON.stringify(buffered)}`)
  } finally {
    reader.releaseLock()
  }
}

/** Every event's data; throws if the stream is cut before it ends. */
export async function collectSseData(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const events: string[] = []
  for await (const data of readSseData(body)) events.push(data)
  return events
}
