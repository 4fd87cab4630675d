import { describe, expect, it } from 'vitest'
import { redactCommand, redactForLog, redactUrl } from '../../../../src/main/core/mcp/redact'

describe('redactUrl', () => {
  it('keeps scheme, host, port and path and drops credentials, query and fragment', () => {
    expect(redactUrl('https://user:pa55@api.example.com:8443/mcp/v1?token=abc&x=1#frag')).toBe(
      'https://api.example.com:8443/mcp/v1',
    )
    expect(redactUrl('http://127.0.0.1:3000/mcp')).toBe('http://127.0.0.1:3000/mcp')
    expect(redactUrl('http://[::1]:8080/?key=s3cret')).toBe('http://[::1]:8080/')
    expect(redactUrl('https://example.com')).toBe('https://example.com/')
  })

  it('says so for text that is not a URL, without echoing it', () => {
    expect(redactUrl('not a url with sk-secret')).toBe('<invalid URL>')
    expect(redactUrl('')).toBe('<invalid URL>')
  })

  it('masks everything after the scheme of URLs that have no host', () => {
    expect(redactUrl('mailto:someone@example.com?subject=hi')).toBe('mailto:***')
  })
})

describe('redactCommand', () => {
  it('shows an ordinary command line unchanged', () => {
    expect(redactCommand('npx', ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/docs'])).toBe(
      'npx -y @modelcontextprotocol/server-filesystem /home/me/docs',
    )
  })

  it('masks values of secret-named flags, in --flag=value and --flag value form', () => {
    expect(
      redactCommand('server', [
        '--token=abc123',
        '--api-key',
        'k-999',
        '--client-secret',
        's',
        '--password=hunter2',
        '--auth',
        'user:pw',
        '--API_KEY=X',
        '--port',
        '8080',
        '--verbose',
      ]),
    ).toBe(
      'server --token=*** --api-key *** --client-secret *** --password=*** --auth *** --API_KEY=*** --port 8080 --verbose',
    )
  })

  it('masks only the one value after a secret flag, even when that value looks like a flag', () => {
    expect(redactCommand('s', ['--token', '--weird-token-value', 'next'])).toBe('s --token *** next')
  })

  it('does not mistake --author for an auth flag', () => {
    expect(redactCommand('s', ['--author', 'Ada'])).toBe('s --author Ada')
  })

  it('masks the values of KEY=VALUE pairs', () => {
    expect(redactCommand('docker', ['run', '-e', 'GITHUB_TOKEN=ghp_x', '-e', 'DEBUG=1', 'image'])).toBe(
      'docker run -e GITHUB_TOKEN=*** -e DEBUG=*** image',
    )
    expect(redactCommand('env', ['API_KEY=abc', 'node', 'server.js'])).toBe('env API_KEY=*** node server.js')
  })

  it('masks credentials, query and fragment of URL arguments, also after a flag', () => {
    expect(
      redactCommand('npx', [
        'mcp-remote',
        'https://me:pw@mcp.example.com/sse?apiKey=abc#x',
        '--url=https://h.example/p?token=t',
        'https://plain.example/mcp',
      ]),
    ).toBe(
      'npx mcp-remote https://***@mcp.example.com/sse?***#*** --url=https://h.example/p?*** https://plain.example/mcp',
    )
  })

  it('masks secret header values and recognisable tokens on their own', () => {
    expect(
      redactCommand('npx', [
        'mcp-remote',
        '--header',
        'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig',
        '--header',
        'X-Trace: 1',
        'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
        'xoxb-1234567890-abcdefghij',
        'Bearer abc',
        'sk-mcp-server',
      ]),
    ).toBe("npx mcp-remote --header 'Authorization: ***' --header 'X-Trace: 1' *** *** *** sk-mcp-server")
  })

  it('quotes arguments with spaces or quotes so the line reads unambiguously', () => {
    expect(redactCommand('/opt/My App/server', ['a b', "it's", ''])).toBe(
      "'/opt/My App/server' 'a b' 'it'\\''s' ''",
    )
  })
})

describe('redactForLog', () => {
  it('replaces every occurrence of every known secret', () => {
    const text = 'connecting with key sk-live-123 to https://h/?k=sk-live-123 (retry with sk-live-123)'
    expect(redactForLog(text, ['sk-live-123'])).toBe(
      'connecting with key *** to https://h/?k=*** (retry with ***)',
    )
  })

  it('ignores secrets shorter than 4 characters', () => {
    expect(redactForLog('a 1 abc abcd', ['1', 'abc', 'abcd'])).toBe('a 1 abc ***')
  })

  it('masks a longer secret whole even when it contains a shorter one', () => {
    expect(redactForLog('tokens: abcd and abcdefgh', ['abcd', 'abcdefgh'])).toBe('tokens: *** and ***')
  })

  it('also finds the secret as it appears inside JSON strings and URLs', () => {
    const secret = 'p@ss "word"/x'
    const logged = `body ${JSON.stringify({ password: secret })} url https://h/?p=${encodeURIComponent(secret)}`
    const redacted = redactForLog(logged, [secret])
    expect(redacted).toBe('body {"password":"***"} url https://h/?p=***')
  })

  it('leaves text without secrets alone', () => {
    expect(redactForLog('nothing to hide', [])).toBe('nothing to hide')
  })
})
