import { RootsEditor } from './roots-editor'

/** The default folders (MCP roots): what every server without its own list may work in. */
export function RootsSettings() {
  return (
    <section className="settings-group" aria-labelledby="roots-heading" data-testid="roots-settings">
      <h3 id="roots-heading" className="settings-title">
        Folders
      </h3>
      <p className="hint">
        The folders servers may work in, told to servers that ask (MCP roots). Every server without its own
        list gets these; a server&apos;s card can give it its own list.
      </p>
      <RootsEditor
        target="*"
        listLabel="Default folders"
        emptyText="No default folders: servers are told they may use none."
      />
    </section>
  )
}
