// Servers' questions (elicitation cards) in the tray and in notices, next to sampling and tool-call cards
// (approval-notices.test.ts), and the one-line cleaning every notice line goes through.
import { describe, expect, it } from 'vitest'
import {
  isWaiting,
  NewApprovalDetector,
  noticesFor,
  oneLine,
  trayState,
  waitingKey,
  whatItWants,
} from '../../../../src/main/core/approvals/approval-notices'
import {
  elicitationCard,
  FIELD_DEFAULT,
  minutesAgo,
  NOTICES_NOW,
  samplingCard,
  urlElicitationCard,
} from './card-fixtures'

const now = NOTICES_NOW
const card = samplingCard

describe('servers’ questions (elicitation)', () => {
  const form = elicitationCard({ id: 'q', createdAt: minutesAgo(2) })
  const link = urlElicitationCard({ id: 'u', createdAt: minutesAgo(1) })
  const opened = urlElicitationCard({ id: 'u', opened: true })

  it.each([
    { name: 'a form', card: form, waiting: true, key: 'q:elicitation' },
    { name: 'a link not opened yet', card: link, waiting: true, key: 'u:elicitation' },
    { name: 'a link the user opened (only the server is awaited)', card: opened, waiting: false },
    {
      name: 'a link the server completed',
      card: urlElicitationCard({ id: 'u', completed: true }),
      waiting: false,
    },
  ])('$name waits: $waiting', ({ card: pending, waiting, key }) => {
    expect(isWaiting(pending)).toBe(waiting)
    if (key) expect(waitingKey(pending)).toBe(key)
  })

  it('says who asks and for what, on one plain line', () => {
    expect(whatItWants(form)).toBe('Notes asks for information')
    expect(whatItWants(link)).toBe('Notes asks you to open a link')
    expect(whatItWants(elicitationCard({ id: 'q', serverName: 'My\nNotes\u202e' }))).toBe(
      'My Notes asks for information',
    )
  })

  it('counts waiting questions in the tray with the other cards; an opened link drops out', () => {
    const state = trayState(
      [
        card({ id: 'a', createdAt: minutesAgo(5) }),
        form,
        link,
        urlElicitationCard({ id: 'v', opened: true }),
      ],
      now,
    )
    expect(state.count).toBe(3)
    expect(state.tooltip).toBe('MCP Desk — 3 pending approvals')
    expect(state.items).toEqual([
      { id: 'a', label: 'Notes wants to run a model · 5 min' },
      { id: 'q', label: 'Notes asks for information · 2 min' },
      { id: 'u', label: 'Notes asks you to open a link · 1 min' },
    ])
  })

  it('quotes the server’s message in a notice, never a field’s value; a link names its host first', () => {
    const notices = noticesFor([form, link])
    expect(notices).toEqual([
      {
        cardId: 'q',
        about: ['q:elicitation'],
        title: 'Notes asks for information',
        body: 'Which vault should I open?',
      },
      {
        cardId: 'u',
        about: ['u:elicitation'],
        title: 'Notes asks you to open a link',
        body: 'Link to auth.example.com\nSign in to sync your notes.',
      },
    ])
    expect(JSON.stringify(notices)).not.toContain(FIELD_DEFAULT)
  })

  it('keeps a long or multi-line message to one short line', () => {
    const [notice] = noticesFor([elicitationCard({ id: 'q', message: `first\nsecond ${'m'.repeat(300)}` })])
    expect(notice?.body.startsWith('first second mmm')).toBe(true)
    expect(Array.from(notice?.body ?? '')).toHaveLength(120)
  })

  it('notifies a question once, and not again when its link is opened', () => {
    const detector = new NewApprovalDetector()
    expect(detector.next([form, link]).map((c) => c.id)).toEqual(['q', 'u'])
    expect(detector.next([form, opened]).map((c) => c.id)).toEqual([])
    expect(detector.next([form]).map((c) => c.id)).toEqual([])
  })
})

describe('oneLine', () => {
  it.each([
    { text: 'plain', expected: 'plain' },
    { text: '  two\r\nlines\t ', expected: 'two lines' },
    { text: 'bell\u0007 and nul\u0000', expected: 'bell and nul' },
    { text: 'exe.\u202egpj', expected: 'exe.gpj' },
    { text: 'zero\u200bwidth', expected: 'zerowidth' },
    { text: 'line\u2028separator', expected: 'line separator' },
  ])('$text → $expected', ({ text, expected }) => {
    expect(oneLine(text)).toBe(expected)
  })
})
