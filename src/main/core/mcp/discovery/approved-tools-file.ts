import { quarantineFile } from '../../config/quarantine-file'
import { SharedFile } from '../../config/shared-file'
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
import { messageOf } from '../../../../shared/format/error-message'

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
  readonly #file: SharedFile
  readonly #log: (line: string) => void

  constructor(path: string, options: ApprovedToolsFileOptions = {}) {
    this.#file = new SharedFile(path)
    this.#log = options.log ?? (() => {})
  }

  get(serverId: string): ServerApprovals {
    const document = this.#load().document ?? this.#file.locked(() => this.#loadOrRecover())
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

  watch(onChange: () => void): () => void {
    return this.#file.watch(onChange)
  }

  /**
   * Under the profile's lock (processes that use this store take turns); SharedFile's compare before the
   * rename also keeps a writer that does not lock (an editor) from being overwritten unseen. `undefined`
   * from `edit` means nothing to write.
   */
  #change(edit: (document: ApprovedToolsDocument) => ApprovedToolsDocument | undefined): void {
    this.#file.locked(() => {
      this.#loadOrRecover()
      this.#file.update((text) => {
        const document = text === undefined ? emptyApprovedToolsDocument() : problemWith(text).document
        // Made unreadable between the recovery and now (an editor): refuse rather than trust or overwrite it.
        if (document === undefined) throw new Error(`${this.#file.path} changed into something unreadable`)
        const next = edit(document)
        return next === undefined ? undefined : `${JSON.stringify(next, null, 2)}\n`
      })
    })
  }

  /** The document now on disk; `document` is undefined when the file is unreadable (recovery needs the lock). */
  #load(): { document?: ApprovedToolsDocument; problem?: string } {
    const text = this.#file.readText()
    if (text === undefined) return { document: emptyApprovedToolsDocument() }
    return problemWith(text)
  }

  /** #load, recovering from an unreadable file; only under the lock. */
  #loadOrRecover(): ApprovedToolsDocument {
    const loaded = this.#load()
    return loaded.document ?? this.#recover(loaded.problem ?? 'unreadable')
  }

  /** Moves the unreadable file aside and starts a fail-closed one; if that fails too, fails closed in memory. */
  #recover(problem: string): ApprovedToolsDocument {
    const document = emptyApprovedToolsDocument('review')
    const path = this.#file.path
    try {
      const movedTo = quarantineFile(path)
      this.#file.update(() => `${JSON.stringify(document, null, 2)}\n`)
      this.#log(
        `${path} could not be read (${problem})` +
          (movedTo ? `; it was moved to ${movedTo}` : '') +
          '. No tool definition is trusted until you accept it in the servers panel.',
      )
    } catch (error) {
      this.#log(`${path} could not be read (${problem}) or replaced: ${messageOf(error)}`)
    }
    return document
  }
}

function problemWith(text: string): { document?: ApprovedToolsDocument; problem?: string } {
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
