import { SdkHttpError, type Client } from '@modelcontextprotocol/client'

export async function closeQuietly(client: Client): Promise<void> {
  try {
    await client.close()
  } catch {
    // Closing a half-open connection can fail; the transport's own shutdown still reaps the process.
  }
}

/** A remote server answered 404: it no longer knows the session (restarted, or expired it). */
export function isSessionGone(error: unknown): boolean {
  return error instanceof SdkHttpError && error.status === 404
}
