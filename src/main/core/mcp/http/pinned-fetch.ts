import { lookup as dnsLookup } from 'node:dns/promises'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { Agent, buildConnector, fetch as undiciFetch } from 'undici'
import {
  formatIpAddress,
  isInternalIpAddress,
  isLoopbackIpAddress,
  parseIpAddress,
  type IpAddress,
} from '../../security/ip-address'

/**
 * A fetch whose every connection goes to an address that passed a rule, and to no other. Checking a name
 * and then letting fetch resolve it again is open to DNS rebinding (the first answer is public, the
 * second 127.0.0.1), so the check lives in the connector: the name is resolved once per connection, every
 * answer is checked, and the socket is opened to exactly the checked address. Only `hostname` (what the
 * socket connects to) is replaced: undici derives TLS SNI and certificate verification from the URL's
 * `host`, so https still verifies the name.
 *
 * This is undici's own fetch with an undici Agent (the npm package, the major Node bundles): the global
 * fetch does not take a dispatcher from another copy of undici reliably.
 */

/** Why an address may not be connected to (shown to the user), or undefined when it may. */
export type AddressRule = (address: IpAddress, protocol: string) => string | undefined

/** Resolves a host name to every address it has; DNS (getaddrinfo, like Node's default) unless injected. */
export type HostLookup = (hostname: string) => Promise<string[]>

export interface PinnedFetchOptions {
  rule: AddressRule
  lookup?: HostLookup
  /** Opens the socket to the checked address; undici's own connector unless a test records the address. */
  connector?: buildConnector.connector
}

export class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError'
}

/** Plain http only to this computer; https to any address (the user chose the server). */
export const localHttpOnly: AddressRule = (address, protocol) =>
  protocol === 'http:' && !isLoopbackIpAddress(address)
    ? `plain http is only allowed to this computer, and this name resolves to ${formatIpAddress(address)}`
    : undefined

/** Only the public internet: for URLs a remote party chose (OAuth discovery of a server elsewhere). */
export const publicOnly: AddressRule = (address, protocol) =>
  isInternalIpAddress(address)
    ? `${formatIpAddress(address)} is a private or local address`
    : localHttpOnly(address, protocol)

export async function defaultHostLookup(hostname: string): Promise<string[]> {
  const results = await dnsLookup(hostname, { all: true, verbatim: true })
  return results.map((result) => result.address)
}

/**
 * Resolves (unless the host is already an address) and checks every answer; one bad answer refuses the
 * name, since a resolver that mixes in 127.0.0.1 is the attack. Returns the first answer, as text that
 * `net.connect` takes as an address and never resolves again.
 */
export async function resolveChecked(
  hostname: string,
  protocol: string,
  rule: AddressRule,
  lookup: HostLookup,
): Promise<string> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  const literal = parseIpAddress(host)
  const answers = literal === undefined ? await lookup(host) : [host]
  if (answers.length === 0) throw new AddressRefusedError(`${host} has no address`)
  const checked: IpAddress[] = []
  for (const answer of answers) {
    const address = parseIpAddress(answer)
    if (address === undefined)
      throw new AddressRefusedError(`${host} resolved to something that is not an address`)
    const reason = rule(address, protocol)
    if (reason !== undefined) throw new AddressRefusedError(`refused to connect to ${host}: ${reason}`)
    checked.push(address)
  }
  return formatIpAddress(checked[0]!)
}

export interface PinnedFetch {
  fetch: FetchLike
  /** Closes the pooled connections (tests; the app keeps its fetches for its lifetime). */
  close(): Promise<void>
}

export function createPinnedFetch(options: PinnedFetchOptions): PinnedFetch {
  const lookup = options.lookup ?? defaultHostLookup
  const connect = options.connector ?? buildConnector({})
  const dispatcher = new Agent({
    connect: (connectOptions, callback) => {
      resolveChecked(connectOptions.hostname, connectOptions.protocol, options.rule, lookup).then(
        (address) => connect({ ...connectOptions, hostname: address }, callback),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      )
    },
  })
  return {
    fetch: (url, init) =>
      // undici's RequestInit and the DOM one differ only in types; the values are the same web objects.
      undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher }),
    close: () => dispatcher.close(),
  }
}

/** The AddressRefusedError behind a failed fetch ("fetch failed", the reason as its cause), if that is why. */
export function addressRefusalOf(error: unknown): AddressRefusedError | undefined {
  for (let link = error, depth = 0; link instanceof Error && depth < 5; link = link.cause, depth++) {
    if (link instanceof AddressRefusedError) return link
  }
  return undefined
}

const shared = new Map<AddressRule, FetchLike>()

/** One pinned fetch (and connection pool) per rule for the app's lifetime, resolving with DNS. */
export function sharedPinnedFetch(rule: AddressRule): FetchLike {
  let fetch = shared.get(rule)
  if (fetch === undefined) {
    fetch = createPinnedFetch({ rule }).fetch
    shared.set(rule, fetch)
  }
  return fetch
}
