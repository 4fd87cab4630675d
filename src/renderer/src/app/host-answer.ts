/**
 * A host answer that an inline form shows in place (next to the field or button that asked), rather than in
 * the window's error list: the value, or the host's reason in its own words.
 */
export type HostAnswer<T> = { ok: true; value: T } | { ok: false; message: string }

export async function askHost<T>(request: () => Promise<T>): Promise<HostAnswer<T>> {
  try {
    return { ok: true, value: await request() }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
