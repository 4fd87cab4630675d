import { describe, expect, it } from 'vitest'
import { stderrHeadline } from '../../../../../src/main/core/mcp/stdio/stderr-headline'

const NODE_CRASH = `notes-mcp: starting
notes-mcp: loaded 3 tools
file:///srv/notes/server.js:41
    throw new Error('boom')
    ^

Error: boom
    at Immediate.<anonymous> (file:///srv/notes/server.js:41:11)
    at process.processImmediate (node:internal/timers:574:21)

Node.js v24.1.0
`

const NODE_MISSING_MODULE = `node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/srv/notes/dist/index.js'
Require stack:
- /srv/notes/bin.js
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: [ '/srv/notes/bin.js' ]
}

Node.js v24.1.0
`

const PYTHON_CRASH = `INFO:server:starting notes server
Traceback (most recent call last):
  File "/srv/notes/server.py", line 12, in <module>
    main()
  File "/srv/notes/server.py", line 9, in main
    raise ValueError("NOTES_DIR is not a directory")
ValueError: NOTES_DIR is not a directory
`

const NPM_NOT_FOUND = `npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fnotes-mcp - Not found
npm error 404
npm error 404  '@acme/notes-mcp@*' is not in this registry.
npm error 404
npm error 404 Note that you can also install from a
npm error 404 tarball, folder, http url, or git url.
npm error A complete log of this run can be found in: /home/u/.npm/_logs/2026-01-01T00_00_00_000Z-debug-0.log
`

describe('stderrHeadline', () => {
  it("takes a Node crash's error line, not the first log line, its frames or the Node.js trailer", () => {
    expect(stderrHeadline(NODE_CRASH)).toBe('Error: boom')
  })

  it('takes the error line over the properties Node prints after it', () => {
    expect(stderrHeadline(NODE_MISSING_MODULE)).toBe("Error: Cannot find module '/srv/notes/dist/index.js'")
  })

  it("takes a Python traceback's last line", () => {
    expect(stderrHeadline(PYTHON_CRASH)).toBe('ValueError: NOTES_DIR is not a directory')
  })

  it("skips npm's footer and advice", () => {
    expect(stderrHeadline(NPM_NOT_FOUND)).toBe("npm error 404  '@acme/notes-mcp@*' is not in this registry.")
  })

  it('otherwise takes the last line with something in it', () => {
    expect(stderrHeadline('starting\nconfig file missing: /etc/notes.toml\n\n')).toBe(
      'config file missing: /etc/notes.toml',
    )
    expect(stderrHeadline('')).toBeUndefined()
    expect(stderrHeadline('\n   \n^\n')).toBeUndefined()
  })

  it('shows the last redraw of a progress line, without colour codes', () => {
    expect(stderrHeadline('\u001b[31mfetching 10%\rfetching 90%\r\u001b[0m\n')).toBe('fetching 90%')
    expect(stderrHeadline('\u001b[1;31mTypeError\u001b[0m: x is not a function\n')).toBe(
      'TypeError: x is not a function',
    )
  })

  it('names errors with a code and exceptions of other runtimes', () => {
    expect(stderrHeadline('TypeError [ERR_INVALID_ARG_TYPE]: bad\n    at f (x.js:1:1)\n')).toBe(
      'TypeError [ERR_INVALID_ARG_TYPE]: bad',
    )
    expect(stderrHeadline('Exception in thread "main" java.lang.IllegalStateException: no db\n')).toBe(
      'Exception in thread "main" java.lang.IllegalStateException: no db',
    )
  })

  it('shortens a very long line', () => {
    const headline = stderrHeadline('x'.repeat(1000)) ?? ''
    expect(headline).toHaveLength(301)
    expect(headline.endsWith('…')).toBe(true)
  })
})
