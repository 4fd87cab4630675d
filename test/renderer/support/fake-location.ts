/** Location, history and sessionStorage stand-ins whose replaceState updates the location like a browser. */
export function fakeBrowser(url: string) {
  const parsed = new URL(url)
  const location = {
    protocol: parsed.protocol,
    host: parsed.host,
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
  }
  const replaced: string[] = []
  const history = {
    state: null as unknown,
    replaceState(state: unknown, _unused: string, next?: string | URL | null) {
      history.state = state
      if (next === undefined || next === null) return
      const moved = new URL(String(next), parsed)
      location.pathname = moved.pathname
      location.search = moved.search
      location.hash = moved.hash
      replaced.push(String(next))
    },
  }
  const items = new Map<string, string>()
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
  return { location, history, storage, replaced, items }
}
