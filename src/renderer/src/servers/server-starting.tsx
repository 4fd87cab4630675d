import { latestStderrLine } from '../../../shared/mcp/server-state'

/**
 * A stdio server whose process runs but has not spoken yet: a first `npx -y` or `uvx` downloads the
 * package before the server starts. Its latest stderr line (the package manager's progress) shows that
 * something is happening; the full output stays under the card's stderr disclosure.
 */
export function ServerStarting({ stderrTail }: { stderrTail: string }) {
  const line = latestStderrLine(stderrTail)
  return (
    <p className="server-starting" data-testid="server-starting" role="status">
      The server process is starting (a first run may download it first).
      {line !== '' && (
        <>
          {' '}
          Latest output: <code className="server-starting-line selectable">{line}</code>
        </>
      )}
    </p>
  )
}
