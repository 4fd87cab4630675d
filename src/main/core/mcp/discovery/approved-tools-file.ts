import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import { quarantineFile } from '../../config/quarantine-file'
import { withFileLock } from './file-lock'
import {
  approvalsIn,
  approvedToolsDocumentSchema,
  emptyApprovedToolsDocument,
  withoutServer,
  withUpdates,
  type ApprovalUpdates,
  type ApprovedToolsDocument,
  type ApprovedToolsStore,
  type ServerApprovals,
} from './approved-tools-store'

/** How often a change is re-applied when another process wrote the file between our read and our rename. */
const MAX_WRITE_ATTEMPTS = 8

export interface ApprovedToolsFileOptions {
  /** Where a recovery (an unreadable file moved aside) is reported. */
  log?: (line: string) => void
}

/**
 * The approved tool definitions in `<home>/approved-tools.json`, shared by every process of the profile.
 * Nothing is cached: each read is the file as it is now, and each change re-reads it, applies itself to
 * that server's entries only, and replaces the file atomically (temp file, fsync, rename) unless another
 * writer changed it meanwhile, in which case it starts again from the new content.
 *
 * An unreadable file (not JSON, not this shape) fails closed: it is moved aside, never overwritten, and
 * the new file says `firstUse: review`, so no server's listing is trusted without the user's acceptance.
 * Treating it as empty would instead trust whatever every server lists next, poisoned or not.
 */
export class FileApprovedToolsStore implements ApprovedToolsStore {
  readonly #path: string
  readonly #log: (line: string) => void

  constructor(path: string, options: ApprovedToolsFileOptions = {}) {
    this.#path = path
    this.#log = options.log ?? (() => {})
  }

  get(serverId: string): ServerApprovals {
    const loaded = this.#load()
    const document = loaded.document ?? withFileLock(this.#lockPath, () => this.#loadOrRecover().document)
    return approvalsIn(document, serverId)
  }

  apply(serverId: string, updates: ApprovalUpdates): void {
    this.#change((document) => withUpdates(document, serverId, updates))
  }

  forgetServer(serverId: string): void {
    this.#change((document) =>
      Object.hasOwn(document.servers, serverId) ? withoutServer(document, serverId) : undefined,
    )
  }

  get #lockPath(): string {
    return `${this.#path}.lock`
  }

  /**
   * Under the profile's lock (processes that use this store take turns); the compare before the rename
   * also keeps a writer that does not lock (an editor) from being overwritten unseen. `undefined` from
   * `edit` means nothing to write.
   */
  #change(edit: (document: ApprovedToolsDocument) => ApprovedToolsDocument | undefined): void {
    withFileLock(this.#lockPath, () => {
      for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
        const { document, text } = this.#loadOrRecover()
        const next = edit(document)
        if (next === undefined) return
        if (this.#replaceIfUnchanged(text, `${JSON.stringify(next, null, 2)}\n`)) return
      }
      throw new Error(`could not update ${this.#path}: something else kept changing it`)
    })
  }

  /**
   * The document now on disk and the exact text it came from (`undefined` when there is no file);
   * `document` is undefined when the file is unreadable (recovering from that needs the lock).
   */
  #load(): { document: ApprovedToolsDocument | undefined; text: string | undefined; problem?: string } {
    const text = readIfPresent(this.#path)
    if (text === undefined) return { document: emptyApprovedToolsDocument(), text }
    const why = problemWith(text)
    return why.document
      ? { document: why.document, text }
      : { document: undefined, text, problem: why.problem }
  }

  /** #load, recovering from an unreadable file; only under the lock. */
  #loadOrRecover(): { document: ApprovedToolsDocument; text: string | undefined } {
    const loaded = this.#load()
    if (loaded.document) return { document: loaded.document, text: loaded.text }
    return this.#recover(loaded.problem ?? 'unreadable')
  }

  /** Moves the unreadable file aside and starts a fail-closed one; if that fails too, fails closed in memory. */
  #recover(problem: string): { document: ApprovedToolsDocument; text: string | undefined } {
    const document = emptyApprovedToolsDocument('review')
    try {
      const movedTo = quarantineFile(this.#path)
      const text = `${JSON.stringify(document, null, 2)}\n`
      this.#writeAtomically(text)
      this.#log(
        `${this.#path} could not be read (${problem})` +
          (movedTo ? `; it was moved to ${movedTo}` : '') +
          '. No tool definition is trusted until you accept it in the servers panel.',
      )
      return { document, text }
    } catch (error) {
      this.#log(`${this.#path} could not be read (${problem}) or replaced: ${messageOf(error)}`)
      return { document, text: readIfPresent(this.#path) }
    }
  }

  #replaceIfUnchanged(expected: string | undefined, text: string): boolean {
    const temp = this.#writeTemp(text)
    try {
      // Another writer between our read and now: their change must not be lost, so start again.
      if (readIfPresent(this.#path) !== expected) return false
      renameSync(temp, this.#path)
      return true
    } finally {
      rmSync(temp, { force: true })
    }
  }

  #writeAtomically(text: string): void {
    const temp = this.#writeTemp(text)
    try {
      renameSync(temp, this.#path)
    } finally {
      rmSync(temp, { force: true })
    }
  }

  #writeTemp(text: string): string {
    mkdirSync(dirname(this.#path), { recursive: true })
    const temp = `${this.#path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`
    const fd = openSync(temp, 'wx', 0o600)
    try {
      writeSync(fd, text)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    return temp
  }
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function problemWith(text: string):
  | { document: ApprovedToolsDocument; problem?: never }
  | {
      document?: never
      problem: string
    } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON: ${messageOf(error)}` }
  }
  const parsed = approvedToolsDocumentSchema.safeParse(json)
  if (parsed.success) return { document: parsed.data }
  const issue = parsed.error.issues[0]
  return {
    problem: `not an approved-tools document: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
