// Draws the app icon (a desk with a screen on it, white on a blue rounded square) and writes it in the
// formats the installers take: PNGs for Linux (resources/icons/<size>x<size>.png), an .ico for Windows
// and an .icns for macOS, both made of PNG images (Windows Vista and later, macOS 10.7 and later read
// those). Pure node (zlib for PNG), so it runs anywhere: `node scripts/make-icons.mjs`.
import { Buffer } from 'node:buffer'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources')

/** Signed distance from (x, y) to a rounded rectangle; negative inside. All in units of the icon's side. */
function roundedRect(x, y, left, top, right, bottom, radius) {
  const cx = (left + right) / 2
  const cy = (top + bottom) / 2
  const qx = Math.abs(x - cx) - ((right - left) / 2 - radius)
  const qy = Math.abs(y - cy) - ((bottom - top) / 2 - radius)
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0))
  return outside + Math.min(Math.max(qx, qy), 0) - radius
}

/** The glyph: a screen (an outline) on a stand, on a desk with two legs. */
function inGlyph(x, y) {
  const screenOuter = roundedRect(x, y, 0.3, 0.2, 0.7, 0.47, 0.03)
  const screenInner = roundedRect(x, y, 0.345, 0.245, 0.655, 0.425, 0.01)
  const screen = screenOuter <= 0 && screenInner > 0
  const stand = roundedRect(x, y, 0.47, 0.46, 0.53, 0.56, 0.005) <= 0
  const top = roundedRect(x, y, 0.18, 0.55, 0.82, 0.615, 0.02) <= 0
  const leftLeg = roundedRect(x, y, 0.24, 0.6, 0.3, 0.8, 0.015) <= 0
  const rightLeg = roundedRect(x, y, 0.7, 0.6, 0.76, 0.8, 0.015) <= 0
  return screen || stand || top || leftLeg || rightLeg
}

/** RGBA pixels of the icon at `size`, each pixel supersampled 4 x 4 for smooth edges. */
function draw(size) {
  const pixels = Buffer.alloc(size * size * 4)
  const samples = 4
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let background = 0
      let glyph = 0
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) / size
          const y = (py + (sy + 0.5) / samples) / size
          if (roundedRect(x, y, 0.04, 0.04, 0.96, 0.96, 0.2) <= 0) {
            background += 1
            if (inGlyph(x, y)) glyph += 1
          }
        }
      }
      const n = samples * samples
      const t = py / size
      // A top-to-bottom blue gradient, with the glyph blended in white.
      const blue = [43 + (27 - 43) * t, 89 + (58 - 89) * t, 195 + (138 - 195) * t]
      const g = background === 0 ? 0 : glyph / background
      const offset = (py * size + px) * 4
      for (let c = 0; c < 3; c += 1) pixels[offset + c] = Math.round(blue[c] * (1 - g) + 255 * g)
      pixels[offset + 3] = Math.round((255 * background) / n)
    }
  }
  return pixels
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG (8-bit RGBA, no interlace) of `size` x `size` RGBA pixels. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0 // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** An .ico whose images are PNGs; a 256 px image is stored with width and height 0, as the format says. */
function encodeIco(pngs) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(pngs.length, 4)
  let offset = 6 + 16 * pngs.length
  const entries = pngs.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry[0] = size >= 256 ? 0 : size
    entry[1] = size >= 256 ? 0 : size
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...pngs.map(({ png }) => png)])
}

/** An .icns of PNG images, each under its OSType (ic07 128, ic08 256, ic09 512, ic10 1024, …). */
function encodeIcns(images) {
  const parts = images.map(({ type, png }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

const SIZES = [16, 32, 48, 64, 128, 256, 512, 1024]
const png = Object.fromEntries(SIZES.map((size) => [size, encodePng(size, draw(size))]))

mkdirSync(join(resources, 'icons'), { recursive: true })
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png[size])
}
writeFileSync(join(resources, 'icon.png'), png[512])
writeFileSync(
  join(resources, 'icon.ico'),
  encodeIco([16, 32, 48, 64, 128, 256].map((size) => ({ size, png: png[size] }))),
)
writeFileSync(
  join(resources, 'icon.icns'),
  encodeIcns([
    { type: 'icp4', png: png[16] },
    { type: 'icp5', png: png[32] },
    { type: 'icp6', png: png[64] },
    { type: 'ic07', png: png[128] },
    { type: 'ic08', png: png[256] },
    { type: 'ic09', png: png[512] },
    { type: 'ic10', png: png[1024] },
    { type: 'ic11', png: png[32] },
    { type: 'ic12', png: png[64] },
    { type: 'ic13', png: png[256] },
    { type: 'ic14', png: png[512] },
  ]),
)
console.log(`icons written to ${resources}`)
