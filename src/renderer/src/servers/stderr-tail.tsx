/** What the server last wrote to stderr (at most 4096 characters), scrollable and selectable. */
export function StderrTail({ text, label }: { text: string; label: string }) {
  if (text === '') return <p className="empty-note">The server wrote nothing to stderr.</p>
  return (
    // Focusable so the scrollable region can be scrolled from the keyboard.
    <pre className="stderr-tail selectable" tabIndex={0} aria-label={label} data-testid="stderr-tail">
      {text}
    </pre>
  )
}
