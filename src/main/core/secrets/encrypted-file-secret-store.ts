import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'
import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import { secretNameSchema } from '../../../shared/settings/settings-schema'
import type { SecretBackend } from '../../../shared/ipc/contract'
import { quarantineFile } from '../config/quarantine-file'
import type { SecretCipher, SecretCipherId, SecretStore } from './secret-store'

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

const secretsFileSchema = z
  .object({
    version: z.literal(1),
    secrets: z.record(
      secretNameSchema,
      z
        .object({
          sealedBy: z.enum(['os-keychain', 'local-key']),
          data: z.string().regex(BASE64, 'an entry must be base64'),
        })
        .strict(),
    ),
  })
  .strict()

type SealedEntry = { sealedBy: SecretCipherId; data: string }
type ParsedSecretsFile = { ok: true; secrets: Record<string, SealedEntry> } | { ok: false; problem: string }

const SEALER_NAMES: Record<SecretCipherId, string> = {
  'os-keychain': 'the desktop app (OS keychain)',
  'local-key': 'the CLI or web mode (local key file)',
}

/** What is wrong is described without echoing the file: a parser's message would quote its content. */
function parseSecretsFile(text: string): ParsedSecretsFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'it is not valid JSON' }
  }
  const parsed = secretsFileSchema.safeParse(json)
  if (parsed.success) return { ok: true, secrets: parsed.data.secrets }
  return {
    ok: false,
    problem: `it is not a secrets file MCP Desk understands: ${describeZodIssues(parsed.error)}`,
  }
}

/**
 * `{ version: 1, secrets: { name: { sealedBy, data: base64(sealed) } } }`, owner-only (0600), replaced
 * atomically (temp file + rename) so a crash never leaves half a file. The file is read on every call, so
 * the CLI and a running web server see each other's changes. A damaged file is moved aside, never replaced.
 */
export class EncryptedFileSecretStore implements SecretStore {
  readonly #filePath: string
  readonly #cipher: SecretCipher

  constructor(filePath: string, cipher: SecretCipher) {
    this.#filePath = filePath
    this.#cipher = cipher
  }

  get backend(): SecretBackend {
    return this.#cipher.backend
  }

  list(): string[] {
    return [...this.#load().keys()].sort()
  }

  get(name: string): string | undefined {
    const checked = this.#checkName(name)
    const sealed = this.#load().get(checked)
    if (sealed === undefined) return undefined
    if (sealed.sealedBy !== this.#cipher.id) {
      throw new IpcFailure(
        'unavailable',
        `secret "${checked}" was stored by ${SEALER_NAMES[sealed.sealedBy]} and cannot be read by ` +
          `${SEALER_NAMES[this.#cipher.id]}; set it again here, or use ${SEALER_NAMES[sealed.sealedBy]}`,
      )
    }
    try {
      return this.#cipher.decrypt(Buffer.from(sealed.data, 'base64'))
    } catch (error) {
      throw new IpcFailure(
        'unavailable',
        `secret "${checked}" in ${this.#filePath} cannot be decrypted: ${(error as Error).message}`,
      )
    }
  }

  set(name: string, value: string): void {
    const checked = this.#checkName(name)
    if (typeof value !== 'string')
      throw new IpcFailure('validation_failed', 'a secret value must be a string')
    const secrets = this.#load()
    secrets.set(checked, { sealedBy: this.#cipher.id, data: this.#cipher.encrypt(value).toString('base64') })
    this.#save(secrets)
  }

  delete(name: string): boolean {
    const checked = this.#checkName(name)
    const secrets = this.#load()
    if (!secrets.delete(checked)) return false
    this.#save(secrets)
    return true
  }

  #checkName(name: string): string {
    const parsed = secretNameSchema.safeParse(name)
    if (!parsed.success) {
      const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 40)) : typeof name
      throw new IpcFailure(
        'validation_failed',
        `invalid secret name ${shown}: ${describeZodIssues(parsed.error)}`,
      )
    }
    return parsed.data
  }

  #load(): Map<string, SealedEntry> {
    let text: string
    try {
      text = readFileSync(this.#filePath, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map()
      throw new IpcFailure('unavailable', `cannot read ${this.#filePath}: ${(error as Error).message}`)
    }
    const parsed = parseSecretsFile(text)
    if (!parsed.ok) this.#quarantine(parsed.problem)
    return new Map(Object.entries(parsed.secrets))
  }

  #quarantine(problem: string): never {
    let movedTo: string | undefined
    try {
      movedTo = quarantineFile(this.#filePath)
    } catch (error) {
      throw new IpcFailure(
        'unavailable',
        `${this.#filePath} is damaged (${problem}) and could not be moved aside: ${(error as Error).message}`,
      )
    }
    throw new IpcFailure(
      'unavailable',
      movedTo
        ? `${this.#filePath} was damaged (${problem}); it was moved to ${movedTo} and a new, empty secrets file ` +
            'will be used. Secrets stored in the old file must be set again.'
        : `${this.#filePath} was damaged (${problem}) and has since disappeared.`,
    )
  }

  #save(secrets: Map<string, SealedEntry>): void {
    const document = {
      version: 1,
      secrets: Object.fromEntries([...secrets].sort(([a], [b]) => (a < b ? -1 : 1))),
    }
    const dir = dirname(this.#filePath)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const temp = join(
      dir,
      `.${basename(this.#filePath)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
    )
    try {
      writeFileSync(temp, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
      renameSync(temp, this.#filePath)
    } catch (error) {
      rmSync(temp, { force: true })
      throw new IpcFailure('unavailable', `cannot write ${this.#filePath}: ${(error as Error).message}`)
    }
  }
}
