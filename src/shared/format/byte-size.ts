const KiB = 1024
const MiB = 1024 * KiB

/**
 * A size for people: `512 bytes`, `40.1 KiB`, `32 MiB` — one decimal at most, none when it is whole. Used
 * for limits in error messages, media in approval cards and results in the CLI, so they all read alike.
 */
export function formatByteSize(bytes: number): string {
  if (bytes < KiB) return `${bytes} bytes`
  let [unit, tenths] = ['KiB', Math.round((bytes / KiB) * 10)]
  // 1048575 bytes is "1 MiB", not "1024 KiB".
  if (tenths >= 10240) [unit, tenths] = ['MiB', Math.round((bytes / MiB) * 10)]
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} ${unit}`
}
