/**
 * Reads image dimensions and audio durations from file headers, for the approval card. Pure and defensive:
 * the bytes come from a server, so anything unknown, truncated or inconsistent gives `undefined`, never a
 * throw and never a guess presented as fact.
 */

export interface ImageDimensions {
  width: number
  height: number
}

/** Bounds-checked big/little-endian reads: out of range is `undefined`, not a RangeError. */
class ByteReader {
  readonly #bytes: Uint8Array
  readonly #view: DataView

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }

  has(offset: number, length: number): boolean {
    return Number.isInteger(offset) && offset >= 0 && offset + length <= this.#bytes.byteLength
  }

  u8(offset: number): number | undefined {
    return this.has(offset, 1) ? this.#view.getUint8(offset) : undefined
  }

  u16(offset: number, littleEndian: boolean): number | undefined {
    return this.has(offset, 2) ? this.#view.getUint16(offset, littleEndian) : undefined
  }

  u24le(offset: number): number | undefined {
    return this.has(offset, 3)
      ? this.#view.getUint16(offset, true) + this.#view.getUint8(offset + 2) * 65536
      : undefined
  }

  u32(offset: number, littleEndian: boolean): number | undefined {
    return this.has(offset, 4) ? this.#view.getUint32(offset, littleEndian) : undefined
  }

  ascii(offset: number, length: number): string | undefined {
    if (!this.has(offset, length)) return undefined
    return String.fromCharCode(...this.#bytes.subarray(offset, offset + length))
  }
}

/** Width and height from a PNG, JPEG, GIF or WebP header (recognised by content, not by MIME type). */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const reader = new ByteReader(bytes)
  const found =
    pngDimensions(reader) ?? gifDimensions(reader) ?? jpegDimensions(reader) ?? webpDimensions(reader)
  return found && found.width > 0 && found.height > 0 ? found : undefined
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** PNG: the signature, then the IHDR chunk, which the format requires to come first. */
function pngDimensions(r: ByteReader): ImageDimensions | undefined {
  if (!PNG_SIGNATURE.every((byte, i) => r.u8(i) === byte) || r.ascii(12, 4) !== 'IHDR') return undefined
  return pair(r.u32(16, false), r.u32(20, false))
}

/** GIF: the logical screen size right after `GIF87a` / `GIF89a`. */
function gifDimensions(r: ByteReader): ImageDimensions | undefined {
  const signature = r.ascii(0, 6)
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return undefined
  return pair(r.u16(6, true), r.u16(8, true))
}

/** Start-of-frame markers (C0–CF) carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

/**
 * JPEG: walks the marker segments from SOI to the first start-of-frame (SOF0 baseline, SOF1 extended, SOF2
 * progressive and the rarer ones), whose body is precision, height, width. Reaching the scan or the end
 * of the image first means there is no frame header to read.
 */
function jpegDimensions(r: ByteReader): ImageDimensions | undefined {
  if (r.u8(0) !== 0xff || r.u8(1) !== 0xd8) return undefined
  let offset = 2
  while (r.has(offset, 2)) {
    if (r.u8(offset) !== 0xff) return undefined
    const marker = r.u8(offset + 1) ?? 0
    if (marker === 0xff) {
      offset += 1 // fill byte before a marker
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2 // standalone markers have no length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined
    const length = r.u16(offset + 2, false)
    if (length === undefined || length < 2) return undefined
    if (isStartOfFrame(marker)) return pair(r.u16(offset + 7, false), r.u16(offset + 5, false))
    offset += 2 + length
  }
  return undefined
}

/** WebP: a RIFF container whose first chunk is lossy `VP8 `, lossless `VP8L` or extended `VP8X`. */
function webpDimensions(r: ByteReader): ImageDimensions | undefined {
  if (r.ascii(0, 4) !== 'RIFF' || r.ascii(8, 4) !== 'WEBP') return undefined
  switch (r.ascii(12, 4)) {
    case 'VP8 ': {
      // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (top 2 bits are scaling).
      if (r.u8(23) !== 0x9d || r.u8(24) !== 0x01 || r.u8(25) !== 0x2a) return undefined
      const [width, height] = [r.u16(26, true), r.u16(28, true)]
      return pair(
        width === undefined ? undefined : width & 0x3fff,
        height === undefined ? undefined : height & 0x3fff,
      )
    }
    case 'VP8L': {
      // Signature 0x2F, then width−1 and height−1 in 14 bits each, little-endian bit order.
      const bits = r.u32(21, true)
      if (r.u8(20) !== 0x2f || bits === undefined) return undefined
      return pair((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
    }
    case 'VP8X': {
      // 4 bytes of flags, then canvas width−1 and height−1 in 24 bits each.
      const [width, height] = [r.u24le(24), r.u24le(27)]
      return pair(width === undefined ? undefined : width + 1, height === undefined ? undefined : height + 1)
    }
    default:
      return undefined
  }
}

function pair(width: number | undefined, height: number | undefined): ImageDimensions | undefined {
  return width === undefined || height === undefined ? undefined : { width, height }
}

/**
 * Duration in milliseconds of WAV or MP3 audio (recognised by content). `bytes` may be only the start of the
 * file when `totalBytes` gives the full size: headers come first, and the rest only counts as length.
 */
export function audioDurationMs(
  bytes: Uint8Array,
  totalBytes: number = bytes.byteLength,
): number | undefined {
  const reader = new ByteReader(bytes)
  const total = Math.max(totalBytes, bytes.byteLength)
  const duration = wavDurationMs(reader, total) ?? mp3DurationMs(reader, total)
  return duration === undefined || !Number.isFinite(duration) ? undefined : Math.round(duration)
}

/** WAV: data bytes over the `fmt ` chunk's byte rate. A data size past the end of the file counts what is there. */
function wavDurationMs(r: ByteReader, total: number): number | undefined {
  if (r.ascii(0, 4) !== 'RIFF' || r.ascii(8, 4) !== 'WAVE') return undefined
  let byteRate: number | undefined
  let offset = 12
  while (r.has(offset, 8)) {
    const id = r.ascii(offset, 4)
    const size = r.u32(offset + 4, true) ?? 0
    const body = offset + 8
    if (id === 'fmt ') byteRate = r.u32(body + 8, true)
    if (id === 'data') {
      if (!byteRate) return undefined
      return (Math.min(size, Math.max(0, total - body)) / byteRate) * 1000
    }
    offset = body + size + (size & 1) // chunks are padded to an even size
  }
  return undefined
}

/** kbit/s by bitrate index (0 = free format and 15 = invalid are not listed: no estimate for them). */
const BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
/** Hz by sample-rate index, for MPEG 2.5 (version bits 0), MPEG 2 (2) and MPEG 1 (3). */
const SAMPLE_RATES: Record<number, number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
}

interface Mp3Frame {
  mpeg1: boolean
  mono: boolean
  bitrateKbps: number
  sampleRate: number
  samplesPerFrame: number
  frameBytes: number
}

function mp3FrameAt(r: ByteReader, offset: number): Mp3Frame | undefined {
  const [b0, b1, b2, b3] = [r.u8(offset), r.u8(offset + 1), r.u8(offset + 2), r.u8(offset + 3)]
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || b3 === undefined || (b1 & 0xe0) !== 0xe0) {
    return undefined
  }
  const version = (b1 >> 3) & 3
  const layer = 4 - ((b1 >> 1) & 3) // bits 3, 2, 1 are layers I, II, III; 0 is reserved (layer 4)
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 3]
  if (sampleRate === undefined || layer > 3) return undefined
  const mpeg1 = version === 3
  const table = mpeg1
    ? [BITRATES.v1l1, BITRATES.v1l2, BITRATES.v1l3]
    : [BITRATES.v2l1, BITRATES.v2l23, BITRATES.v2l23]
  const bitrateKbps = table[layer - 1]?.[b2 >> 4]
  if (!bitrateKbps) return undefined
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152
  const padding = (b2 >> 1) & 1
  const frameBytes =
    layer === 1
      ? (Math.floor((12 * bitrateKbps * 1000) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding
  return { mpeg1, mono: b3 >> 6 === 3, bitrateKbps, sampleRate, samplesPerFrame, frameBytes }
}

/**
 * MP3, best effort: skip an ID3v2 tag, read the first frame header; a Xing/Info frame gives the exact frame
 * count (VBR files carry one), otherwise assume constant bitrate over the rest of the file. A frame sync
 * alone is weak evidence in arbitrary bytes, so when the data reaches the next frame it must be one too.
 */
function mp3DurationMs(r: ByteReader, total: number): number | undefined {
  let start = 0
  if (r.ascii(0, 3) === 'ID3') {
    const size = [6, 7, 8, 9].reduce((sum, i) => sum * 128 + ((r.u8(i) ?? 0) & 0x7f), 0) // syncsafe integer
    start = 10 + size + (((r.u8(5) ?? 0) & 0x10) !== 0 ? 10 : 0)
  }
  const frame = mp3FrameAt(r, start)
  if (!frame) return undefined
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17
  const tagAt = start + 4 + sideInfo
  const tag = r.ascii(tagAt, 4)
  if (tag === 'Xing' || tag === 'Info') {
    const flags = r.u32(tagAt + 4, false) ?? 0
    const frames = (flags & 1) !== 0 ? r.u32(tagAt + 8, false) : undefined
    if (frames) return ((frames * frame.samplesPerFrame) / frame.sampleRate) * 1000
  }
  const next = start + frame.frameBytes
  if (r.has(next, 4) && !mp3FrameAt(r, next)) return undefined
  const audioBytes = total - start
  return audioBytes > 0 ? (audioBytes * 8) / frame.bitrateKbps : undefined
}
