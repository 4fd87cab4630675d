// ULIDs (https://github.com/ulid/spec): 26 Crockford base32 characters, a 48-bit millisecond timestamp
// followed by 80 random bits. They sort by creation time as plain strings, which is why turn ids use them:
// a server that logs turn lifecycle notifications can order turns without a clock of its own.
import { randomBytes } from 'node:crypto'

const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const TIME_CHARS = 10
const RANDOM_CHARS = 16
const RANDOM_BYTES = 10
const MAX_TIME = 2 ** 48 - 1
const MAX_RANDOM = (1n << 80n) - 1n

export const ULID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/

export interface UlidGeneratorDeps {
  /** Milliseconds since the epoch. */
  now?: () => number
  /** Returns `size` cryptographically random bytes. */
  random?: (size: number) => Uint8Array
}

function encode(value: bigint, length: number): string {
  let out = ''
  let rest = value
  for (let i = 0; i < length; i++) {
    out = CROCKFORD_BASE32.charAt(Number(rest & 31n)) + out
    rest >>= 5n
  }
  return out
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  return value
}

/**
 * Returns a ULID factory. Within one millisecond (or when the clock steps backwards) it does not draw new
 * randomness but increments the previous random part, so ids from one generator are strictly increasing.
 */
export function createUlidGenerator(deps: UlidGeneratorDeps = {}): () => string {
  const now = deps.now ?? Date.now
  const random = deps.random ?? ((size: number) => new Uint8Array(randomBytes(size)))
  let lastTime = -1
  let lastRandom = 0n

  return () => {
    const clock = now()
    if (!Number.isInteger(clock) || clock < 0 || clock > MAX_TIME) {
      throw new Error(`ULID clock must be an integer millisecond time between 0 and 2^48-1, got ${clock}`)
    }
    if (clock > lastTime) {
      lastTime = clock
      const bytes = random(RANDOM_BYTES)
      if (bytes.length !== RANDOM_BYTES) {
        throw new Error(`ULID randomness must be ${RANDOM_BYTES} bytes, got ${bytes.length}`)
      }
      lastRandom = bytesToBigInt(bytes)
    } else if (lastRandom < MAX_RANDOM) {
      lastRandom += 1n
    } else {
      // The random part is exhausted for this millisecond: borrow the next one rather than fail or repeat,
      // which keeps ids unique and increasing at the cost of a timestamp up to a millisecond early.
      if (lastTime === MAX_TIME) throw new Error('ULID time space exhausted')
      lastTime += 1
      lastRandom = 0n
    }
    return encode(BigInt(lastTime), TIME_CHARS) + encode(lastRandom, RANDOM_CHARS)
  }
}

/** The process-wide generator; one shared instance is what makes ids monotonic across callers. */
export const ulid: () => string = createUlidGenerator()

/** The millisecond timestamp encoded in a ULID. */
export function ulidTime(id: string): number {
  if (!ULID_PATTERN.test(id)) throw new Error(`Not a ULID: ${JSON.stringify(id)}`)
  let value = 0
  for (const char of id.slice(0, TIME_CHARS)) value = value * 32 + CROCKFORD_BASE32.indexOf(char)
  return value
}
