import { z } from 'zod'
import { viewSandboxSchema } from '../apps/view-schema'

/** What `app:info` answers: which app this is, where its profile lives, and how it keeps secrets. */
export const secretBackendSchema = z.object({
  /** `safeStorage`: OS keychain via Electron; `basic_text`: safeStorage with Linux's plaintext fallback;
   *  `file`: outside Electron, an AES-GCM file whose key sits beside it (0600). */
  kind: z.enum(['safeStorage', 'basic_text', 'file']),
  secure: z.boolean(),
  warning: z.string().optional(),
})
export type SecretBackend = z.infer<typeof secretBackendSchema>

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['desktop', 'web']),
  platform: z.string(),
  home: z.string(),
  settingsPath: z.string(),
  secretBackend: secretBackendSchema,
  /** Problems found at start-up that the user must see, e.g. a settings file that failed validation. */
  startupWarnings: z.array(z.string()),
  /**
   * Why settings.json cannot be used right now (a hand edit that does not parse or validate): changes are
   * refused and the file is left as it is until it is fixed. Absent while the file is fine.
   */
  settingsProblem: z.string().optional(),
  /** Where tool views (MCP Apps) are sandboxed; absent where views cannot be shown. */
  viewSandbox: viewSandboxSchema.optional(),
})
export type AppInfo = z.infer<typeof appInfoSchema>
