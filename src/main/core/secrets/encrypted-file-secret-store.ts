import { z } from 'zod'
import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import { secretNameSchema } from '../../../shared/settings/settings-schema'
import type { SecretBackend } from '../../../shared/ipc/contract'
import { quarantineFile } from '../config/quarantine-file'
import { SharedFile } from '../config/shared-file'
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
 * `{ version: 1, secrets: { name: { sealedBy, data: base64(sealed) } } }`, owner-only (0600). The file is
 * shared by the desktop app, web mode and CLI commands: it is read on every call, and every change is a
 * read-modify-write of its current content under its lock file, replaced atomically (a SharedFile), so a
 * secret another process stored meanwhile is kept. A damaged file is moved aside, never replaced.
 */
export class EncryptedFileSecretStore implements SecretStore {
  readonly #filePath: string
  readonly #file: SharedFile
  readonly #cipher: SecretCipher
  /** What each entry held when last read or written here, while watched: tells outside changes apart. */
  #seen: Map<string, SealedEntry> | undefined

  constructor(filePath: string, cipher: SecretCipher) {
    this.#filePath = filePath
    this.#file = new SharedFile(filePath, { mode: 0o600 })
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
    const sealed: SealedEntry = {
      sealedBy: this.#cipher.id,
      data: this.#cipher.encrypt(value).toString('base64'),
    }
    this.#change((secrets) => {
      secrets.set(checked, sealed)
      return true
    })
  }

  delete(name: string): boolean {
    const checked = this.#checkName(name)
    let deleted = false
    this.#change((secrets) => (deleted = secrets.delete(checked)))
    return deleted
  }

  /**
   * Follows changes other processes make to the file (debounced): `onChange` gets the names whose entries
   * were added, replaced or removed since this store last read or wrote them. Returns how to stop.
   */
  watch(onChange: (changed: string[]) => void): () => void {
    this.#seen = this.#loadQuietly() ?? new Map()
    const stop = this.#file.watch(() => {
      const now = this.#loadQuietly()
      if (now === undefined) return
      const before = this.#seen ?? new Map<string, SealedEntry>()
      this.#seen = now
      const changed = [...new Set([...before.keys(), ...now.keys()])].filter(
        (name) => before.get(name)?.data !== now.get(name)?.data,
      )
      if (changed.length > 0) onChange(changed.sort())
    })
    return () => {
      stop()
      this.#seen = undefined
    }
  }

  /** The entries, or undefined when the file cannot be read now (a watch then waits for the next change). */
  #loadQuietly(): Map<string, SealedEntry> | undefined {
    try {
      return this.#load()
    } catch {
      return undefined
    }
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
    return this.#parse(this.#file.readText())
  }

  #parse(text: string | undefined): Map<string, SealedEntry> {
    if (text === undefined) return new Map()
    const parsed = parseSecretsFile(text)
    if (!parsed.ok) this.#quarantine(parsed.problem)
    return new Map(Object.entries(parsed.secrets))
  }

  /** Read-modify-write of the file as it is now; `edit` says whether it changed anything worth writing. */
  #change(edit: (secrets: Map<string, SealedEntry>) => boolean): void {
    let written: Map<string, SealedEntry> | undefined
    this.#file.update((text) => {
      const secrets = this.#parse(text)
      written = secrets
      return edit(secrets) ? serialize(secrets) : undefined
    })
    // Our own write is no outside change.
    if (this.#seen !== undefined && written !== undefined) this.#seen = written
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
}

function serialize(secrets: Map<string, SealedEntry>): string {
  const document = {
    version: 1,
    secrets: Object.fromEntries([...secrets].sort(([a], [b]) => (a < b ? -1 : 1))),
  }
  return `${JSON.stringify(document, null, 2)}\n`
}
