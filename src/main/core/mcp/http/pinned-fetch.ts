import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import type { FetchLike } from '@modelcontextprotocol/client'
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
 * answer is checked, and the socket may connect only to the checked addresses (see `pinnedConnector`);
 * https still verifies the URL's host name.
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
  /** Opens the socket to a checked address; `pinnedConnector()` unless a test records the addresses. */
  connector?: PinnedConnector
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

/** A checked address as `net.connect`'s lookup hands it over. */
export interface PinnedAddress {
  address: string
  family: 4 | 6
}

/**
 * Resolves (unless the host is already an address) and checks every answer; one bad answer refuses the
 * name, since a resolver that mixes in 127.0.0.1 is the attack. Returns the answers in the resolver's
 * order, as text that `net.connect` takes as an address and never resolves again.
 */
export async function resolveChecked(
  hostname: string,
  protocol: string,
  rule: AddressRule,
  lookup: HostLookup,
): Promise<PinnedAddress[]> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  const literal = parseIpAddress(host)
  const answers = literal === undefined ? await lookup(host) : [host]
  if (answers.length === 0) throw new AddressRefusedError(`${host} has no address`)
  return answers.map((answer) => {
    const address = parseIpAddress(answer)
    if (address === undefined) {
      throw new AddressRefusedError(`${host} resolved to something that is not an address`)
    }
    const reason = rule(address, protocol)
    if (reason !== undefined) throw new AddressRefusedError(`refused to connect to ${host}: ${reason}`)
    return { address: formatIpAddress(address), family: address.family }
  })
}

/** Opens the socket for one connection to one of `addresses` (all checked) and to nothing else. */
export type PinnedConnector = (
  addresses: readonly PinnedAddress[],
  options: buildConnector.Options,
  callback: buildConnector.Callback,
) => void

/**
 * undici's connector with a lookup that answers only the checked addresses, so Node's happy eyeballs
 * still tries each of them (`localhost` as ::1 and 127.0.0.1) but never asks DNS again. The host name
 * stays the connection's name, so TLS sends it as SNI and verifies the certificate against it. Built per
 * connection (the addresses differ), which costs TLS session reuse between connections and nothing else.
 * `buildOptions` adds connect options (tests trust their own certificate authority with `ca`).
 */
export function pinnedConnector(buildOptions: buildConnector.BuildOptions = {}): PinnedConnector {
  return (addresses, options, callback) => {
    const lookup: LookupFunction = (_hostname, lookupOptions, done) => {
      if (lookupOptions.all === true) {
        done(
          null,
          addresses.map((entry) => ({ ...entry })),
        )
      } else {
        const first = addresses[0]!
        done(null, first.address, first.family)
      }
    }
    buildConnector({ ...buildOptions, lookup })(options, callback)
  }
}

export interface PinnedFetch {
  fetch: FetchLike
  /** Closes the pooled connections (tests; the app keeps its fetches for its lifetime). */
  close(): Promise<void>
}

export function createPinnedFetch(options: PinnedFetchOptions): PinnedFetch {
  const lookup = options.lookup ?? defaultHostLookup
  const connect = options.connector ?? pinnedConnector()
  const dispatcher = new Agent({
    connect: (connectOptions, callback) => {
      // A refusal (or a connector that throws) fails this connection; undici reports it as the cause.
      resolveChecked(connectOptions.hostname, connectOptions.protocol, options.rule, lookup)
        .then((addresses) => connect(addresses, connectOptions, callback))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null))
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
