import { isIPv4, isIPv6 } from 'node:net'

/**
 * IP addresses as bytes, and which of them are this computer or an internal network. Decisions are made
 * on the parsed bytes, never on the text: `::ffff:7f00:1`, `::ffff:127.0.0.1`, `0x7f.1` and `2130706433`
 * are all 127.0.0.1, and an IPv6 address that embeds an IPv4 one (mapped, compatible, NAT64, 6to4,
 * Teredo) is judged by the address it embeds, because that is where its packets end up.
 */
export interface IpAddress {
  family: 4 | 6
  /** 4 bytes for IPv4, 16 for IPv6. */
  bytes: Uint8Array
  /** An IPv6 zone (`fe80::1%eth0`), kept so a connection goes out the same interface. */
  zone?: string
}

/** Legacy IPv4 spellings (`0x7f.1`, `017700000001`, `127.1`): digits, hex digits, `x` and dots only. */
const LEGACY_IPV4 = /^[0-9a-fA-FxX.]+$/

/**
 * Parses an address as a resolver or a URL host gives it: dotted IPv4, the legacy IPv4 spellings that
 * URL parsers and `inet_aton` accept (read the WHATWG way, which agrees with `inet_aton`), or IPv6 with
 * optional brackets and zone. Anything else (a name, garbage) is undefined.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > 128) return undefined
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  if (isIPv4(unbracketed)) return { family: 4, bytes: Uint8Array.from(unbracketed.split('.').map(Number)) }
  if (isIPv6(unbracketed)) return parseIPv6(unbracketed)
  if (!LEGACY_IPV4.test(unbracketed)) return undefined
  let canonical: string
  try {
    canonical = new URL(`http://${unbracketed}/`).hostname
  } catch {
    return undefined
  }
  return isIPv4(canonical)
    ? { family: 4, bytes: Uint8Array.from(canonical.split('.').map(Number)) }
    : undefined
}

function parseIPv6(text: string): IpAddress {
  const percent = text.indexOf('%')
  const zone = percent === -1 ? undefined : text.slice(percent + 1)
  let body = percent === -1 ? text : text.slice(0, percent)
  const groups: number[] = []
  // A trailing dotted IPv4 (`::ffff:127.0.0.1`) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body)
  let tail: number[] = []
  if (dotted?.[1] !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number)
    tail = [(a << 8) | b, (c << 8) | d]
    body = body.slice(0, -dotted[1].length)
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1)
  }
  const [head = '', rest] = body.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)))
  const front = parse(head)
  const back = [...(rest === undefined ? [] : parse(rest)), ...tail]
  const fill = rest === undefined ? 0 : 8 - front.length - back.length
  groups.push(...front, ...new Array<number>(fill).fill(0), ...back)
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8
    bytes[2 * i + 1] = group & 0xff
  })
  return zone === undefined ? { family: 6, bytes } : { family: 6, bytes, zone }
}

/** The address as `net.connect` takes it: dotted IPv4, or all eight IPv6 groups (plus the zone). */
export function formatIpAddress(address: IpAddress): string {
  if (address.family === 4) return Array.from(address.bytes).join('.')
  const groups: string[] = []
  for (let i = 0; i < 16; i += 2)
    groups.push((((address.bytes[i] ?? 0) << 8) | (address.bytes[i + 1] ?? 0)).toString(16))
  return groups.join(':') + (address.zone === undefined ? '' : `%${address.zone}`)
}

/** A range as prefix bytes and length in bits. */
type Range = readonly [prefix: readonly number[], bits: number]

function inRange(bytes: Uint8Array, [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const index = bit / 8
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false
  }
  return true
}

/**
 * IPv4 that is not the public internet: this network, RFC 1918, shared (CGNAT), loopback, link-local,
 * IETF protocol assignments, benchmarking, multicast, reserved and broadcast. The documentation ranges
 * (TEST-NET-1/2/3) are not here: they are nobody's internal network and are not routed at all.
 */
const INTERNAL_IPV4: readonly Range[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[224], 4],
  [[240], 4],
]

/**
 * IPv6 that is not the public internet, besides the forms embedding IPv4 (see `embeddedIPv4`):
 * unspecified and loopback (inside ::/96), local-use NAT64 (RFC 8215, where the IPv4 part may sit
 * anywhere), discard-only, unique-local, link-local, the deprecated site-local, and multicast.
 * Documentation (2001:db8::/32) is left out like the IPv4 documentation ranges.
 */
const INTERNAL_IPV6: readonly Range[] = [
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48],
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64],
  [[0xfc], 7],
  [[0xfe, 0x80], 10],
  [[0xfe, 0xc0], 10],
  [[0xff], 8],
]

const MAPPED: Range = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96]
const COMPATIBLE: Range = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96]
/** SIIT's IPv4-translated form, `::ffff:0:a.b.c.d`. */
const TRANSLATED: Range = [[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96]
const NAT64: Range = [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96]
const SIX_TO_FOUR: Range = [[0x20, 0x02], 16]
const TEREDO: Range = [[0x20, 0x01, 0x00, 0x00], 32]

/**
 * The IPv4 addresses an IPv6 address carries and whose network its packets reach: the mapped,
 * compatible and translated forms and NAT64 (the low 32 bits), 6to4 (bits 16-47) and Teredo (the
 * server in bits 32-63, the client's inverted in the low 32).
 */
function embeddedIPv4(bytes: Uint8Array): Uint8Array[] {
  if (
    inRange(bytes, MAPPED) ||
    inRange(bytes, COMPATIBLE) ||
    inRange(bytes, TRANSLATED) ||
    inRange(bytes, NAT64)
  ) {
    return [bytes.slice(12, 16)]
  }
  if (inRange(bytes, SIX_TO_FOUR)) return [bytes.slice(2, 6)]
  if (inRange(bytes, TEREDO)) return [bytes.slice(4, 8), bytes.slice(12, 16).map((byte) => ~byte & 0xff)]
  return []
}

/** Not the public internet: this computer, a private or link-local network, multicast, reserved space. */
export function isInternalIpAddress(address: IpAddress): boolean {
  if (address.family === 4) return INTERNAL_IPV4.some((range) => inRange(address.bytes, range))
  const embedded = embeddedIPv4(address.bytes)
  if (embedded.length > 0) {
    // `::` and `::1` are in the compatible range and embed 0.0.0.0 and 0.0.0.1: internal either way.
    return embedded.some((bytes) => INTERNAL_IPV4.some((range) => inRange(bytes, range)))
  }
  return INTERNAL_IPV6.some((range) => inRange(address.bytes, range))
}

/** This computer: 127.0.0.0/8, ::1, and 127.0.0.0/8 mapped into IPv6 (which a dual-stack socket reaches). */
export function isLoopbackIpAddress(address: IpAddress): boolean {
  if (address.family === 4) return (address.bytes[0] ?? 0) === 127
  if (inRange(address.bytes, MAPPED)) return (address.bytes[12] ?? 0) === 127
  return inRange(address.bytes, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128])
}

/** Text in, decision out; what cannot be parsed as an address counts as internal (refused). */
export function isInternalAddress(text: string): boolean {
  const address = parseIpAddress(text)
  return address === undefined || isInternalIpAddress(address)
}
