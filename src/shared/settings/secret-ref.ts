import { z } from 'zod'

/** How settings point at a value kept in the secret store (its own module so every schema can use it). */
export const secretNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'a secret name is 1-128 letters, digits, ".", "_" or "-"')
export const secretRefSchema = z.object({ secret: secretNameSchema }).strict()
export type SecretRef = z.infer<typeof secretRefSchema>

/**
 * Env values and headers may be literal (a plain value such as `DEBUG=1`, kept in settings.json in clear)
 * or a secret reference. Views show a server's literals in clear unless the name looks secret
 * (settings-view.ts).
 */
export const configValueSchema = z.union([z.string(), secretRefSchema])
export type ConfigValue = z.infer<typeof configValueSchema>
