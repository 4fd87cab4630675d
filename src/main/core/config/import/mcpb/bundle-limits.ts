const MiB = 1024 * 1024

/**
 * What a bundle may be before MCP Desk refuses it. A bundle is a zip from anywhere (a download, a chat
 * attachment), so every size is checked against the zip's own declarations before anything is inflated,
 * and inflating checks the declarations hold.
 */
export interface BundleLimits {
  /** The `.mcpb` file itself. */
  maxBundleBytes: number
  /** All files unpacked, added up. */
  maxUnpackedBytes: number
  /** Files and folders in the zip. */
  maxEntries: number
  /** `manifest.json` is read into memory and parsed. */
  maxManifestBytes: number
  /** Each file, whatever its size, may unpack to at most this many times its packed size… */
  maxExpansionRatio: number
  /**
   * …and all files together to at most this many times their packed sizes added up: a bomb of many small
   * files each just under the per-file ratio still stops here (a 555 KB bundle once unpacked to 499 MiB).
   */
  maxTotalExpansionRatio: number
}

export const DEFAULT_BUNDLE_LIMITS: Readonly<BundleLimits> = {
  maxBundleBytes: 200 * MiB,
  maxUnpackedBytes: 500 * MiB,
  maxEntries: 20_000,
  maxManifestBytes: 1 * MiB,
  // Deflate tops out near 1032:1; real code and assets stay far below 100:1 per file and near 10:1 overall.
  maxExpansionRatio: 200,
  maxTotalExpansionRatio: 50,
}

/** `12.5 MiB`, for messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < MiB) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`
  return `${(bytes / MiB).toFixed(1).replace(/\.0$/, '')} MiB`
}
