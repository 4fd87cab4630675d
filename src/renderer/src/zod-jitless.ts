import { z } from 'zod'

/*
 * The page's CSP forbids eval. Zod probes `new Function` to decide on its JIT fast path; the probe is caught,
 * but Chromium still reports a CSP violation. Jitless mode skips the probe. This must run before any schema
 * is built, so main.tsx imports this module first.
 */
z.config({ jitless: true })
