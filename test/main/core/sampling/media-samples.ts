import { crc32, deflateSync } from 'node:zlib'

/** Small media files built byte by byte, for the probes and the card summary. */

function u16le(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff]
}
function u16be(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff]
}
function u24le(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]
}
function u32le(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]
}
function u32be(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}
function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0))
}

function pngChunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...ascii(type), ...data])
  return [...u32be(data.length), ...typed, ...u32be(crc32(typed))]
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A complete, decodable RGB PNG (all black), compressed with zlib like any encoder would. */
export function png(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array([...u32be(width), ...u32be(height), 8, 2, 0, 0, 0])
  const scanlines = new Uint8Array(height * (1 + width * 3)) // filter byte 0 + RGB per row
  return new Uint8Array([
    ...PNG_SIGNATURE,
    ...pngChunk('IHDR', ihdr),
    ...pngChunk('IDAT', deflateSync(scanlines)),
    ...pngChunk('IEND', new Uint8Array()),
  ])
}

/** Flags (global two-colour table), background, aspect, then the palette: black and white. */
const GIF_SCREEN_REST = [0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]
/** A 1×1 image at 0,0, its LZW data (minimum code size 2, one 2-byte block) and the trailer. */
const GIF_IMAGE = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]

/** A valid GIF89a: a width×height logical screen holding one 1×1 image. */
export function gif(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...ascii('GIF89a'),
    ...u16le(width),
    ...u16le(height),
    ...GIF_SCREEN_REST,
    ...GIF_IMAGE,
  ])
}

function jpegSegment(marker: number, body: number[]): number[] {
  return [0xff, marker, ...u16be(body.length + 2), ...body]
}

const JPEG_START = [0xff, 0xd8]
const JPEG_FILL = [0xff, 0xff]
/** Entropy-coded bytes after the scan header, then the end-of-image marker. */
const JPEG_SCAN_DATA_AND_END = [0x12, 0x34, 0xff, 0xd9]

/**
 * A JPEG's marker structure: SOI, an APP1 (EXIF-like) segment, a DHT before the frame (C4 must not be read
 * as a frame), fill bytes, the start of frame (`sof`: C0 baseline, C1 extended, C2 progressive), a scan.
 */
export function jpeg(width: number, height: number, sof = 0xc0): Uint8Array {
  const components = [1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
  return new Uint8Array([
    ...JPEG_START,
    ...jpegSegment(0xe1, [...ascii('Exif'), 0, 0, ...new Array<number>(200).fill(7)]),
    ...jpegSegment(0xc4, [0x00, ...new Array<number>(16).fill(0)]),
    ...JPEG_FILL,
    ...jpegSegment(sof, [8, ...u16be(height), ...u16be(width), 3, ...components]),
    ...jpegSegment(0xda, [1, 1, 0, 0, 0x3f, 0]),
    ...JPEG_SCAN_DATA_AND_END,
  ])
}

function riff(form: string, chunks: number[]): Uint8Array {
  return new Uint8Array([...ascii('RIFF'), ...u32le(4 + chunks.length), ...ascii(form), ...chunks])
}

function riffChunk(id: string, body: number[]): number[] {
  return [...ascii(id), ...u32le(body.length), ...body, ...(body.length % 2 === 1 ? [0] : [])]
}

/** WebP headers of the three kinds: lossy `VP8 `, lossless `VP8L` and extended `VP8X`. */
export function webp(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Uint8Array {
  if (kind === 'VP8 ') {
    return riff(
      'WEBP',
      riffChunk('VP8 ', [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), 0, 0]),
    )
  }
  if (kind === 'VP8L') {
    const bits = (width - 1) | ((height - 1) << 14)
    return riff('WEBP', riffChunk('VP8L', [0x2f, ...u32le(bits >>> 0), 0, 0]))
  }
  return riff('WEBP', riffChunk('VP8X', [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]))
}

/**
 * 16-bit PCM mono WAV with a 440 Hz tone. A LIST chunk with an odd size comes before `fmt ` (readers must
 * skip it and its pad byte). `declaredDataBytes` lets a test claim more data than the file holds.
 */
export function wav(durationMs: number, sampleRate = 8000, declaredDataBytes?: number): Uint8Array {
  const samples = Math.round((sampleRate * durationMs) / 1000)
  const data: number[] = []
  for (let i = 0; i < samples; i++)
    data.push(...u16le(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000) & 0xffff))
  const fmt = [
    ...u16le(1),
    ...u16le(1),
    ...u32le(sampleRate),
    ...u32le(sampleRate * 2),
    ...u16le(2),
    ...u16le(16),
  ]
  const dataChunk = [...ascii('data'), ...u32le(declaredDataBytes ?? data.length), ...data]
  return riff('WAVE', [...riffChunk('LIST', ascii('INFOabc')), ...riffChunk('fmt ', fmt), ...dataChunk])
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames. */
const MP3_HEADER = [0xff, 0xfb, 0x90, 0x00]
export const MP3_FRAME_BYTES = 417

/** `frames` CBR frames (header plus silence), optionally after an ID3v2 tag of `id3Bytes` bytes. */
export function mp3(frames: number, options: { id3Bytes?: number; xingFrames?: number } = {}): Uint8Array {
  const out: number[] = []
  if (options.id3Bytes !== undefined) {
    const size = options.id3Bytes
    const syncsafe = [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]
    out.push(...ascii('ID3'), ...[4, 0, 0], ...syncsafe) // version 2.4.0, no flags
    out.push(...new Array<number>(size).fill(0))
  }
  for (let f = 0; f < frames; f++) {
    const frame = new Array<number>(MP3_FRAME_BYTES).fill(0)
    frame.splice(0, 4, ...MP3_HEADER)
    if (f === 0 && options.xingFrames !== undefined) {
      // Stereo MPEG-1: 32 bytes of side information, then the Xing tag with its frame-count flag.
      frame.splice(36, 12, ...ascii('Xing'), ...u32be(1), ...u32be(options.xingFrames))
    }
    out.push(...frame)
  }
  return new Uint8Array(out)
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}
