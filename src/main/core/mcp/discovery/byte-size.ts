export { formatByteSize } from '../../../../shared/format/byte-size'

/** How many bytes a value takes on the wire: the UTF-8 length of its JSON. */
export function jsonByteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8')
}
