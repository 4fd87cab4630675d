import type { BundleInstallRequest, BundlePreview } from '../../../shared/import/bundle-info'
import type { ImportApplyRequest, ImportPreview } from '../../../shared/import/import-preview'
import type { InstallPreview } from '../../../shared/registry/registry-view'
import type { Call } from '../ipc/client'
import { readImportFile, type ImportSource, type ReadableFile } from './import-file'

/** A program an install needs that is not on this computer (`npx`, `uvx`, `docker`), with where to get it. */
export type MissingRuntime = Extract<InstallPreview, { kind: 'config' }>['missingRuntimes'][number]

/** What importing wrote, shown until the user closes it; the rows follow the servers' live status. */
export interface ImportSummary {
  /** Where it came from, e.g. "Claude Desktop (claude_desktop_config.json)" or "bundle Hello Bundle 1.2.0". */
  source: string
  /** Installed from the registry or a link rather than imported from a file: the summary says "Added". */
  installed?: boolean
  added: Array<{ id: string; name: string }>
  replaced: Array<{ id: string; name: string }>
  skipped: string[]
  notes: string[]
}

/**
 * The import dialog's steps. `source` asks for a file or pasted text (and shows why the last one was
 * refused); `reading` covers the read and the host's parse; `config`/`bundle` are the previews; `done` says
 * what was written. `busy` is set while the host applies or installs; `error` is its refusal, shown inline.
 */
export type ImportDialog =
  /** `text`: a paste the host refused, given back to the paste box so the user can fix it there. */
  | { step: 'source'; error?: string; fileName?: string; text?: string }
  | { step: 'reading'; fileName?: string; link?: boolean }
  /** An install link to paste; `link` is the one the host refused (with `error`), given back to fix. */
  | { step: 'link'; error?: string; link?: string }
  /** `missingRuntimes`: what a registry or link install needs that this computer lacks (warned, not blocked). */
  | {
      step: 'config'
      preview: ImportPreview
      fileName?: string
      busy: boolean
      error?: string
      missingRuntimes?: MissingRuntime[]
    }
  | { step: 'bundle'; preview: BundlePreview; fileName?: string; busy: boolean; error?: string }
  | { step: 'done'; summary: ImportSummary }

export interface ImportState {
  importDialog: ImportDialog | null
}

export interface ImportActions {
  /** Opens the dialog at the file picker / paste step. */
  openImport: () => void
  /** A dropped, pasted or picked file: read here, then previewed by the host. */
  importFile: (file: ReadableFile) => Promise<void>
  /** Pasted config text. */
  importText: (text: string, fileName?: string) => Promise<void>
  /** Opens the dialog at the install link field. */
  openLinkImport: () => void
  /** An install link (pasted, typed, or handed over by the OS): its preview; nothing is written before Add. */
  previewLink: (link: string) => Promise<void>
  /** Shows what installing would do (registry:preview-install's answer) in the same preview as a file. */
  showInstallPreview: (preview: InstallPreview) => void
  /** Writes the shown config preview with the user's choices; false (error shown inline) when refused. */
  applyImport: (choices: Omit<ImportApplyRequest, 'previewId'>) => Promise<boolean>
  /** Installs the shown bundle with the form's answers; false (error shown inline) when refused. */
  installBundle: (answers: Omit<BundleInstallRequest, 'bundleId'>) => Promise<boolean>
  /** Back to the source step (another file, or paste). */
  restartImport: () => void
  closeImport: () => void
}

export interface ImportActionDeps {
  call: Call
  get: () => ImportState
  set: (state: Partial<ImportState>) => void
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The dialog step that shows a registry or link install preview. */
function installStep(install: InstallPreview): ImportDialog {
  if (install.kind === 'bundle') return { step: 'bundle', preview: install.preview, busy: false }
  return { step: 'config', preview: install.preview, busy: false, missingRuntimes: install.missingRuntimes }
}

/** An added-disabled install's summary says where to turn it on: nothing else in it would. */
const addedDisabledNote =
  'Added turned off: nothing runs until you turn it on in Servers, once you trust where it came from.'

export function initialImportState(): ImportState {
  return { importDialog: null }
}

/**
 * Drop, paste and picker all end in the same preview. Nothing is written before the user confirms in it;
 * a refused file keeps the dialog open at the source step with the host's reason (line and column for a
 * syntax error, the formats tried for anything else).
 */
export function createImportActions({ call, get, set }: ImportActionDeps): ImportActions {
  // A second drop while the first is still being read wins; the stale answer is dropped.
  let attempt = 0

  const preview = async (read: () => Promise<ImportSource>, fileName: string | undefined) => {
    const mine = ++attempt
    set({ importDialog: { step: 'reading', ...(fileName ? { fileName } : {}) } })
    const named = fileName ? { fileName } : {}
    let source: ImportSource | undefined
    try {
      source = await read()
      if (source.kind === 'bundle') {
        const bundle = await call('import:inspect-bundle', { data: source.data, ...named })
        if (mine === attempt)
          set({ importDialog: { step: 'bundle', preview: bundle, busy: false, ...named } })
      } else {
        const config = await call('import:preview', { text: source.text, ...named })
        if (mine === attempt)
          set({ importDialog: { step: 'config', preview: config, busy: false, ...named } })
      }
    } catch (error) {
      if (mine !== attempt) return
      // A refused paste goes back into the box (the reading step replaced it), so fixing a typo the
      // parser found at line 4 does not mean pasting the whole config again.
      const pasted = source?.kind === 'config' && !fileName ? { text: source.text } : {}
      set({ importDialog: { step: 'source', error: message(error), ...named, ...pasted } })
    }
  }

  return {
    openImport: () => set({ importDialog: { step: 'source' } }),

    importFile: (file) => preview(() => readImportFile(file), file.name),

    openLinkImport: () => {
      attempt++
      set({ importDialog: { step: 'link' } })
    },

    async previewLink(link) {
      const mine = ++attempt
      set({ importDialog: { step: 'reading', link: true } })
      try {
        const install = await call('links:preview', { link })
        if (mine === attempt) set({ importDialog: installStep(install) })
      } catch (error) {
        if (mine === attempt) set({ importDialog: { step: 'link', link, error: message(error) } })
      }
    },

    showInstallPreview: (install) => {
      attempt++
      set({ importDialog: installStep(install) })
    },

    importText: (text, fileName) =>
      preview(() => Promise.resolve({ kind: 'config', text, ...(fileName ? { fileName } : {}) }), fileName),

    async applyImport(choices) {
      const dialog = get().importDialog
      if (dialog?.step !== 'config' || dialog.busy) return false
      set({ importDialog: { ...dialog, busy: true, error: undefined } })
      try {
        const result = await call('import:apply', { ...choices, previewId: dialog.preview.previewId })
        set({
          importDialog: {
            step: 'done',
            summary: {
              source: dialog.preview.origin ?? dialog.preview.formatLabel,
              ...result,
              notes: dialog.preview.addsDisabled && result.added.length > 0 ? [addedDisabledNote] : [],
              ...(dialog.preview.origin ? { installed: true } : {}),
            },
          },
        })
        return true
      } catch (error) {
        if (get().importDialog === null) return false
        set({ importDialog: { ...dialog, busy: false, error: message(error) } })
        return false
      }
    },

    async installBundle(answers) {
      const dialog = get().importDialog
      if (dialog?.step !== 'bundle' || dialog.busy) return false
      set({ importDialog: { ...dialog, busy: true, error: undefined } })
      try {
        const result = await call('import:install-bundle', { ...answers, bundleId: dialog.preview.bundleId })
        const { info } = dialog.preview
        set({
          importDialog: {
            step: 'done',
            summary: {
              source: `bundle ${info.displayName} ${info.version}`,
              added: result.replaced ? [] : [result.server],
              replaced: result.replaced ? [result.server] : [],
              skipped: [],
              notes: result.notes,
            },
          },
        })
        return true
      } catch (error) {
        if (get().importDialog === null) return false
        set({ importDialog: { ...dialog, busy: false, error: message(error) } })
        return false
      }
    },

    restartImport: () => {
      attempt++
      set({ importDialog: { step: 'source' } })
    },

    closeImport: () => {
      attempt++
      set({ importDialog: null })
    },
  }
}
