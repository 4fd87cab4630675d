import { useId } from 'react'
import type { BundleInfo } from '../../../shared/import/bundle-info'
import {
  fileCountLabel,
  formatBundleSize,
  manifestCommandLine,
  serverTypeLabel,
  shownToolNames,
} from './bundle-labels'

/**
 * What a dropped bundle says about itself, before anything is unpacked. Everything here is the manifest's
 * own claim: the author's URL is text, not a link, and the descriptions are shown as plain text.
 */
export function BundleSummary({ info }: { info: BundleInfo }) {
  const id = useId()
  const { names, more } = shownToolNames(info.tools)
  const { author, server } = info

  return (
    <section
      className="bundle-summary selectable"
      aria-labelledby={`${id}-title`}
      data-testid="bundle-summary"
    >
      <header>
        <h3 id={`${id}-title`} className="bundle-title">
          {info.displayName} <span className="bundle-version">{info.version}</span>
        </h3>
        <p className="bundle-author">
          by {author.name}
          {author.email && <> &lt;{author.email}&gt;</>}
          {author.url && (
            <>
              {' · '}
              <span className="path">{author.url}</span>
            </>
          )}
        </p>
      </header>
      {info.description && <p className="bundle-description">{info.description}</p>}
      {info.longDescription && (
        <details className="disclosure">
          <summary>More</summary>
          <p className="bundle-long-description disclosure-body">{info.longDescription}</p>
        </details>
      )}
      <dl className="bundle-facts">
        <div className="bundle-fact">
          <dt>Runs</dt>
          <dd>
            {serverTypeLabel(server.type)}:{' '}
            <code className="bundle-command" data-testid="bundle-command">
              {manifestCommandLine(server.command, server.args)}
            </code>
          </dd>
        </div>
        <div className="bundle-fact">
          <dt>Contains</dt>
          <dd>
            {fileCountLabel(info.fileCount)}, {formatBundleSize(info.unpackedBytes)} unpacked
          </dd>
        </div>
        <div className="bundle-fact">
          <dt>Signature</dt>
          <dd>
            {info.signed ? (
              <>
                <span className="badge">Signed</span>{' '}
                <span className="bundle-fact-note">
                  MCP Desk does not verify signatures, so this does not prove who made it.
                </span>
              </>
            ) : (
              <>
                <span className="badge badge--notice">Not signed</span>{' '}
                <span className="bundle-fact-note">MCP Desk does not verify signatures either way.</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {names.length > 0 && (
        <div className="bundle-tools">
          <h4 id={`${id}-tools`} className="bundle-subtitle">
            Tools it declares
          </h4>
          <ul className="bundle-tool-list" aria-labelledby={`${id}-tools`}>
            {names.map((name, index) => (
              <li key={`${index}-${name}`}>
                <code>{name}</code>
              </li>
            ))}
            {more > 0 && <li className="bundle-tool-more">+{more} more</li>}
          </ul>
          <p className="field-hint">
            As listed in the manifest; the server reports its actual tools once it is connected.
          </p>
        </div>
      )}
      {info.notes.length > 0 && (
        <div className="callout callout--warning bundle-notes">
          <h4 id={`${id}-notes`} className="bundle-subtitle">
            Worth knowing
          </h4>
          <ul aria-labelledby={`${id}-notes`}>
            {info.notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
