/** Base64 without `Buffer` (not in the renderer); chunked so large files do not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  const chunk = 0x8000
  let binary = ''
  for (let at = 0; at < bytes.length; at += chunk) {
    binary += String.fromCharCode(...bytes.subarray(at, at + chunk))
  }
  return btoa(binary)
}
