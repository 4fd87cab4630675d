import { createHash } from 'node:crypto'

/**
 * The one inline script the dev renderer runs: @vitejs/plugin-react injects this React Fast Refresh
 * preamble into index.html while the vite dev server is serving. Allowing it by hash keeps `script-src`
 * free of 'unsafe-inline' even in development. test/main/core/security/dev-inline-scripts.test.ts compares
 * this text with the installed plugin's, so a plugin upgrade that changes it fails a test, not the dev app.
 */
export const REACT_REFRESH_PREAMBLE = `import { injectIntoGlobalHook } from "/@react-refresh";
injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;`

/** A CSP hash source (`'sha256-…'`) for an inline script's exact text. */
export function cspScriptHash(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`
}

export const DEV_INLINE_SCRIPT_HASHES: readonly string[] = [cspScriptHash(REACT_REFRESH_PREAMBLE)]
