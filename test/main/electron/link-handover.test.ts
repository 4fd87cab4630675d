import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { LinkHandover, MAX_WAITING_LINKS } from '../../../src/main/electron/link-handover'

function handover() {
  const logLines: string[] = []
  return { links: new LinkHandover({ log: (line) => logLines.push(line) }), logLines }
}

describe('LinkHandover', () => {
  it('holds links until the page has loaded, then delivers them in order, and later ones at once', () => {
    const { links } = handover()
    const contents = new EventEmitter()
    const delivered: string[] = []
    links.offer('mcp-desk:one')
    links.attach(contents, (link) => delivered.push(link))
    links.offer('mcp-desk:two')
    expect(delivered).toEqual([])
    contents.emit('did-finish-load')
    expect(delivered).toEqual(['mcp-desk:one', 'mcp-desk:two'])
    links.offer('mcp-desk:three')
    expect(delivered).toEqual(['mcp-desk:one', 'mcp-desk:two', 'mcp-desk:three'])
    // A reload of the same page does not deliver anything twice.
    contents.emit('did-finish-load')
    expect(delivered).toHaveLength(3)
  })

  it('holds links again once the window is gone, for the next window', () => {
    const { links } = handover()
    const first = new EventEmitter()
    const toFirst: string[] = []
    const detach = links.attach(first, (link) => toFirst.push(link))
    first.emit('did-finish-load')
    detach()
    links.offer('mcp-desk:later')
    expect(toFirst).toEqual([])
    const second = new EventEmitter()
    const toSecond: string[] = []
    links.attach(second, (link) => toSecond.push(link))
    second.emit('did-finish-load')
    expect(toSecond).toEqual(['mcp-desk:later'])
    expect(first.listenerCount('did-finish-load')).toBe(0)
  })

  it('keeps only the newest links when too many arrive before the page loads', () => {
    const { links, logLines } = handover()
    for (let i = 0; i < MAX_WAITING_LINKS + 2; i += 1) links.offer(`mcp-desk:${i}`)
    const contents = new EventEmitter()
    const delivered: string[] = []
    links.attach(contents, (link) => delivered.push(link))
    contents.emit('did-finish-load')
    expect(delivered).toHaveLength(MAX_WAITING_LINKS)
    expect(delivered[0]).toBe('mcp-desk:2')
    expect(logLines).toHaveLength(2)
  })

  it('logs a delivery that fails without the link, and goes on with the next', () => {
    const { links, logLines } = handover()
    const contents = new EventEmitter()
    const delivered: string[] = []
    links.attach(contents, (link) => {
      if (link.includes('secret')) throw new Error('the event did not validate')
      delivered.push(link)
    })
    contents.emit('did-finish-load')
    links.offer('mcp-desk:install?token=secret')
    links.offer('mcp-desk:ok')
    expect(delivered).toEqual(['mcp-desk:ok'])
    expect(logLines).toEqual([
      'an install link could not be handed to the window: the event did not validate',
    ])
  })
})
