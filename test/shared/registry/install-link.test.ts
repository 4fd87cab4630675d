import { describe, expect, it } from 'vitest'
import { findInstallLink, isInstallLink } from '../../../src/shared/registry/install-link'

const cursor = 'cursor://anysphere.cursor-deeplink/mcp/install?name=notes&config=eyJjb21tYW5kIjoibnB4In0='

describe('findInstallLink', () => {
  it.each([
    ['mcp-desk://install?url=https%3A%2F%2Fexample.com%2Fserver.json'],
    ['mcp-desk:install?config=e30'],
    ['vscode:mcp/install?%7B%22name%22%3A%22notes%22%7D'],
    ['vscode-insiders:mcp/install?%7B%7D'],
    [cursor],
    ['cherrystudio://mcp/install?servers=e30='],
    ['MCP-DESK://install?x=1'],
    ['VSCode:mcp/install?%7B%7D'],
  ])('finds %s among the launch arguments', (link) => {
    expect(findInstallLink(['/opt/MCP Desk/mcp-desk', '--no-sandbox', link, 'mcp-desk:second'])).toBe(link)
  })

  it('finds nothing in a launch without a link', () => {
    expect(findInstallLink(['/opt/MCP Desk/mcp-desk', '--home', '/tmp/p', '.'])).toBeUndefined()
    expect(findInstallLink([])).toBeUndefined()
  })

  it.each([
    ['another app’s link', 'vscode://file/etc/passwd'],
    ['a VS Code link that is not an install', 'vscode:extension/ms-python.python'],
    ['another Cursor deeplink', 'cursor://anysphere.cursor-deeplink/settings'],
    ['an https URL', 'https://example.com/mcp-desk:install'],
    ['a link inside another argument', '--url=mcp-desk://install'],
    ['a file path', '/home/me/mcp-desk:install'],
  ])('ignores %s', (_label, arg) => {
    expect(findInstallLink(['electron', arg])).toBeUndefined()
  })

  it('ignores a link longer than 64 KiB instead of cutting it', () => {
    const long = `mcp-desk:install?config=${'A'.repeat(64 * 1024)}`
    expect(isInstallLink(long)).toBe(false)
    expect(findInstallLink(['electron', long])).toBeUndefined()
    const fits = `mcp-desk:x?c=${'A'.repeat(64 * 1024 - 'mcp-desk:x?c='.length)}`
    expect(findInstallLink(['electron', long, fits])).toBe(fits)
  })

  it('takes what another process sent as unknown: no array, or non-strings, is no link', () => {
    expect(findInstallLink(undefined)).toBeUndefined()
    expect(findInstallLink('mcp-desk:install')).toBeUndefined()
    expect(findInstallLink({ 0: 'mcp-desk:install', length: 1 })).toBeUndefined()
    expect(findInstallLink([42, null, { link: 'mcp-desk:x' }, 'mcp-desk:y'])).toBe('mcp-desk:y')
  })
})
