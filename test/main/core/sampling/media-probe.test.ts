import { describe, expect, it } from 'vitest'
import { audioDurationMs, imageDimensions } from '../../../../src/main/core/sampling/media-probe'
import { gif, jpeg, MP3_FRAME_BYTES, mp3, png, wav, webp } from './media-samples'

/** Deterministic bytes (xorshift), so a failure reproduces. */
function noise(length: number, seed: number): Uint8Array {
  let x = seed
  return Uint8Array.from({ length }, () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return x & 0xff
  })
}

describe('imageDimensions', () => {
  it.each([
    ['PNG', png(3, 2), { width: 3, height: 2 }],
    ['GIF', gif(640, 480), { width: 640, height: 480 }],
    ['JPEG baseline (SOF0)', jpeg(1024, 768, 0xc0), { width: 1024, height: 768 }],
    ['JPEG extended (SOF1)', jpeg(300, 200, 0xc1), { width: 300, height: 200 }],
    ['JPEG progressive (SOF2)', jpeg(4000, 3000, 0xc2), { width: 4000, height: 3000 }],
    ['WebP lossy (VP8)', webp('VP8 ', 320, 240), { width: 320, height: 240 }],
    ['WebP lossless (VP8L)', webp('VP8L', 16383, 1), { width: 16383, height: 1 }],
    ['WebP extended (VP8X)', webp('VP8X', 70000, 5), { width: 70000, height: 5 }],
  ])('reads %s', (_name, bytes, expected) => {
    expect(imageDimensions(bytes)).toEqual(expected)
  })

  it('reads a large PNG without decoding its pixels', () => {
    expect(imageDimensions(png(2000, 1))).toEqual({ width: 2000, height: 1 })
  })

  it('looks for a header only at the start of the data', () => {
    expect(imageDimensions(new Uint8Array([0, ...png(3, 2)]))).toBeUndefined()
  })

  it('gives undefined for every truncation short of the size fields, never throwing', () => {
    const samples = [
      png(3, 2),
      gif(5, 6),
      jpeg(7, 8),
      webp('VP8 ', 9, 10),
      webp('VP8L', 11, 12),
      webp('VP8X', 13, 14),
    ]
    for (const sample of samples) {
      const complete = imageDimensions(sample)
      expect(complete).toBeDefined()
      let firstKnown = -1
      for (let length = 0; length <= sample.length; length++) {
        const found = imageDimensions(sample.subarray(0, length))
        if (found && firstKnown < 0) firstKnown = length
        if (firstKnown >= 0) expect(found).toEqual(complete)
        else expect(found).toBeUndefined()
      }
      expect(firstKnown).toBeGreaterThan(0)
    }
  })

  it('gives undefined for unknown formats, zero sizes and a JPEG whose scan comes before any frame', () => {
    expect(imageDimensions(new Uint8Array())).toBeUndefined()
    expect(imageDimensions(new TextEncoder().encode('not an image at all'))).toBeUndefined()
    expect(imageDimensions(gif(0, 10))).toBeUndefined()
    const scanFirst = new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0xff, 0xd9])
    expect(imageDimensions(scanFirst)).toBeUndefined()
    const corruptSegment = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0, 0, 0, 0])
    expect(imageDimensions(corruptSegment)).toBeUndefined()
  })

  it('never throws on arbitrary bytes, including ones that start like each format', () => {
    const prefixes = [
      png(1, 1).subarray(0, 16),
      gif(1, 1).subarray(0, 6),
      new Uint8Array([0xff, 0xd8]),
      webp('VP8X', 1, 1).subarray(0, 16),
    ]
    for (let seed = 1; seed <= 400; seed++) {
      const prefix = prefixes[seed % prefixes.length] ?? new Uint8Array()
      const bytes = new Uint8Array([...prefix, ...noise(seed % 97, seed)])
      expect(() => imageDimensions(bytes)).not.toThrow()
      expect(() => imageDimensions(noise(seed, seed * 7919))).not.toThrow()
    }
  })

  it('reads from a view into a larger buffer at its own offset', () => {
    const backing = new Uint8Array([9, 9, 9, ...gif(12, 34)])
    expect(imageDimensions(backing.subarray(3))).toEqual({ width: 12, height: 34 })
  })
})

describe('audioDurationMs', () => {
  it('computes a WAV duration from the data size and the byte rate, skipping other chunks', () => {
    expect(audioDurationMs(wav(1500))).toBe(1500)
    expect(audioDurationMs(wav(250, 44100))).toBe(250)
  })

  it('counts only the WAV data present when the header claims more (truncated or streamed files)', () => {
    expect(audioDurationMs(wav(400, 8000, 0xffffffff))).toBe(400)
  })

  it('uses the total size when given only the start of a WAV file', () => {
    const file = wav(2000)
    expect(audioDurationMs(file.subarray(0, 200), file.length)).toBe(2000)
  })

  it('estimates a CBR MP3 from the first frame bitrate, after an ID3v2 tag', () => {
    // 100 frames of 417 bytes at 128 kbit/s: 41700 × 8 / 128 = 2606.25 ms (the true 2612 ms is 100 × 1152 / 44.1).
    expect(audioDurationMs(mp3(100))).toBe(2606)
    expect(audioDurationMs(mp3(100, { id3Bytes: 300 }))).toBe(2606)
  })

  it('uses the Xing frame count when present (VBR files)', () => {
    expect(audioDurationMs(mp3(3, { xingFrames: 1000 }))).toBe(Math.round((1000 * 1152 * 1000) / 44100))
  })

  it('scales a CBR estimate by the total size when only the start is decoded', () => {
    const file = mp3(100)
    expect(audioDurationMs(file.subarray(0, MP3_FRAME_BYTES * 2), file.length)).toBe(2606)
  })

  it('rejects a lone frame sync whose next frame is not there', () => {
    const fake = new Uint8Array(2000)
    fake.set([0xff, 0xfb, 0x90, 0x00])
    expect(audioDurationMs(fake)).toBeUndefined()
  })

  it('gives undefined for unknown or broken audio and never throws', () => {
    expect(audioDurationMs(new Uint8Array())).toBeUndefined()
    expect(audioDurationMs(new TextEncoder().encode('OggS not supported here'))).toBeUndefined()
    const noFormat = wav(100)
    noFormat.set(
      [...'xxxx'].map((c) => c.charCodeAt(0)),
      12 + 16,
    ) // rename `fmt ` so no byte rate is known
    expect(audioDurationMs(noFormat)).toBeUndefined()
    const sample = wav(100)
    for (let length = 0; length < 60; length++)
      expect(() => audioDurationMs(sample.subarray(0, length))).not.toThrow()
    for (let seed = 1; seed <= 300; seed++) {
      const bytes = new Uint8Array([0xff, 0xfb, ...noise(seed, seed)])
      expect(() => audioDurationMs(bytes)).not.toThrow()
      expect(() => audioDurationMs(noise(seed, seed * 31))).not.toThrow()
    }
  })
})
