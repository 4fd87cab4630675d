import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import type { ImportDialog as ImportDialogState } from './import-actions'
import { useAppState } from '../app/store-context'
import { BundleInstall } from './bundle-install'
import { ImportPreview } from './import-preview'
import { ImportLink } from './import-link'
import { ImportSource } from './import-source'
import { ImportSummary } from './import-summary'

function titleOf(dialog: ImportDialogState): string {
  switch (dialog.step) {
    case 'source':
      return 'Import MCP servers'
    case 'link':
      return 'Install from a link'
    case 'reading':
      if (dialog.link) return 'Reading the link…'
      return dialog.fileName ? `Reading ${dialog.fileName}…` : 'Reading…'
    case 'config':
      // A registry or link install names what it adds; a file is named by the client that wrote it.
      if (dialog.preview.origin !== undefined) {
        const { rows } = dialog.preview
        return rows.length === 1 ? `Add ${rows[0]!.name}` : `Add ${rows.length} servers`
      }
      return `Import from ${dialog.preview.formatLabel}`
    case 'bundle':
      return `Install ${dialog.preview.info.displayName}`
    case 'done':
      if (!dialog.summary.installed) return 'Import finished'
      return dialog.summary.added.length + dialog.summary.replaced.length > 1
        ? 'Servers added'
        : 'Server added'
  }
}

function StepBody({ dialog }: { dialog: ImportDialogState }) {
  switch (dialog.step) {
    case 'source':
      return <ImportSource dialog={dialog} />
    case 'link':
      return <ImportLink dialog={dialog} />
    case 'reading':
      return (
        <p className="hint" role="status">
          {dialog.link ? 'Checking what the link installs…' : 'Checking which client wrote this file…'}
        </p>
      )
    case 'config':
      return <ImportPreview dialog={dialog} />
    case 'bundle':
      return <BundleInstall dialog={dialog} />
    case 'done':
      return <ImportSummary summary={dialog.summary} />
  }
}

/**
 * Import is a task the user started and finishes in one go (choose, confirm), so unlike approval cards it
 * is a modal: the window behind is inert until it closes. Escape cancels, except while the host is writing.
 */
export function ImportDialog() {
  const dialog = useAppState((state) => state.importDialog)
  if (!dialog) return null
  return <ImportDialogFrame dialog={dialog} />
}

function ImportDialogFrame({ dialog }: { dialog: ImportDialogState }) {
  const closeImport = useAppState((state) => state.closeImport)
  const titleId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const openerRef = useRef<Element | null>(null)
  const busy = (dialog.step === 'config' || dialog.step === 'bundle') && dialog.busy

  useEffect(() => {
    openerRef.current = document.activeElement
    return () => {
      const opener = openerRef.current
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  // Each step starts reading at its title; a step's own autofocus (the first invalid field) comes later.
  useEffect(() => {
    headingRef.current?.focus()
  }, [dialog.step])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation()
      closeImport()
    }
  }

  return (
    <div className="modal-backdrop" data-testid="import-dialog-backdrop">
      <div
        className={`modal import-dialog import-dialog--${dialog.step}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || dialog.step === 'reading'}
        data-testid="import-dialog"
        onKeyDown={onKeyDown}
      >
        {/* A div, not <header>: outside a section a header is a second banner landmark beside the title bar. */}
        <div className="modal-header">
          <h2 id={titleId} className="modal-title" tabIndex={-1} ref={headingRef}>
            {titleOf(dialog)}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close import"
            disabled={busy}
            onClick={closeImport}
          >
            ×
          </button>
        </div>
        <div className="modal-body">
          <StepBody dialog={dialog} />
        </div>
      </div>
    </div>
  )
}
