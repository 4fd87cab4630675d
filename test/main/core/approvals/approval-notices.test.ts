import { describe, expect, it } from 'vitest'
import {
  isWaiting,
  NewApprovalDetector,
  noticesFor,
  shorten,
  trayState,
  waitedFor,
  waitingKey,
  whatItWants,
} from '../../../../src/main/core/approvals/approval-notices'
import type { PendingCard } from '../../../../src/main/core/approvals/pending-approvals'
import type { SamplingCard } from '../../../../src/shared/sampling/sampling-card'
import { minutesAgo, NOTICES_NOW, samplingCard, SECRET_ARGUMENT, toolCallCard } from './card-fixtures'

const now = NOTICES_NOW
const card = samplingCard

describe('trayState', () => {
  it.each([
    { phases: [], count: 0, tooltip: 'MCP Desk — no pending approvals' },
    { phases: ['approval'], count: 1, tooltip: 'MCP Desk — 1 pending approval' },
    { phases: ['approval', 'review'], count: 2, tooltip: 'MCP Desk — 2 pending approvals' },
    { phases: ['streaming'], count: 0, tooltip: 'MCP Desk — no pending approvals' },
    { phases: ['approval', 'streaming', 'review'], count: 2, tooltip: 'MCP Desk — 2 pending approvals' },
  ] as const)(
    'counts $phases as $count waiting (streaming cards are not waiting)',
    ({ phases, count, tooltip }) => {
      const cards = phases.map((phase, index) => card({ id: `c${index}`, phase }))
      const state = trayState(cards, now)
      expect(state.count).toBe(count)
      expect(state.tooltip).toBe(tooltip)
      expect(state.items).toHaveLength(count)
      expect(state.more).toBeUndefined()
    },
  )

  it('labels each waiting card with its server, what it wants and how long it has waited', () => {
    const state = trayState(
      [
        card({ id: 'a', serverName: 'Notes', createdAt: minutesAgo(3) }),
        card({ id: 'b', serverName: 'Files', phase: 'streaming' }),
        card({ id: 'c', serverName: 'Mail', phase: 'review', createdAt: minutesAgo(0.2) }),
      ],
      now,
    )
    expect(state.items).toEqual([
      { id: 'a', label: 'Notes wants to run a model · 3 min' },
      { id: 'c', label: 'Mail wants you to review a completion · just now' },
    ])
  })

  it('lists at most 10 cards, oldest first, and says how many more wait', () => {
    const cards = Array.from({ length: 13 }, (_, index) => card({ id: `c${index}`, serverName: `S${index}` }))
    const state = trayState(cards, now)
    expect(state.count).toBe(13)
    expect(state.items.map((item) => item.id)).toEqual(cards.slice(0, 10).map((c) => c.id))
    expect(state.more).toBe('and 3 more')
  })

  it('shortens a very long server name in the menu', () => {
    const [item] = trayState([card({ id: 'a', serverName: 'x'.repeat(100) })], now).items
    expect(item?.label).toBe(`${'x'.repeat(39)}… wants to run a model · 3 min`)
  })
})

describe('waitedFor', () => {
  it.each([
    { createdAt: minutesAgo(0), expected: 'just now' },
    { createdAt: minutesAgo(0.99), expected: 'just now' },
    { createdAt: minutesAgo(1), expected: '1 min' },
    { createdAt: minutesAgo(59), expected: '59 min' },
    { createdAt: minutesAgo(60), expected: '1 h' },
    { createdAt: minutesAgo(60 * 23 + 59), expected: '23 h' },
    { createdAt: minutesAgo(60 * 50), expected: '2 d' },
    // The clock stepped back, or the time is unreadable: never a negative or NaN age.
    { createdAt: minutesAgo(-5), expected: 'just now' },
    { createdAt: 'not a time', expected: 'just now' },
  ])('$createdAt → $expected', ({ createdAt, expected }) => {
    expect(waitedFor(createdAt, now)).toBe(expected)
  })
})

describe('noticesFor', () => {
  it('gives nothing for no new cards', () => {
    expect(noticesFor([])).toEqual([])
  })

  it('names the server, the chosen model and the start of the first user text', () => {
    expect(noticesFor([card({ id: 'a' })])).toEqual([
      {
        cardId: 'a',
        about: ['a:approval'],
        title: 'Notes wants to run a model',
        body: 'Model: Llama 3 (local)\nSummarise my notes',
      },
    ])
  })

  it('asks for a review in the review phase', () => {
    const [notice] = noticesFor([card({ id: 'a', phase: 'review' })])
    expect(notice?.title).toBe('Notes wants you to review a completion')
    expect(notice?.about).toEqual(['a:review'])
  })

  it('cuts the user text to 120 characters on one line', () => {
    const long = `first line\n\n  second   line ${'y'.repeat(200)}`
    const [notice] = noticesFor([card({ id: 'a', firstUserText: long })])
    const quoted = notice?.body.split('\n')[1] ?? ''
    expect(Array.from(quoted)).toHaveLength(120)
    expect(quoted.startsWith('first line second line yyy')).toBe(true)
    expect(quoted.endsWith('…')).toBe(true)
  })

  it('says only the model when there is no user text (an image-only request shows no image content)', () => {
    const [notice] = noticesFor([
      card({
        id: 'a',
        firstUserText: undefined,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', mimeType: 'image/png', bytes: 9, dataUrl: 'data:image/png;base64,AAAA' },
            ],
          },
        ],
      }),
    ])
    expect(notice?.body).toBe('Model: Llama 3 (local)')
  })

  it('falls back to the model ref when the chosen model has no display name on the card', () => {
    const [notice] = noticesFor([
      card({ id: 'a', model: { chosen: 'openai/gpt-x', eligible: [], ineligible: [] }, firstUserText: 'hi' }),
    ])
    expect(notice?.body).toBe('Model: openai/gpt-x\nhi')
  })

  it('gives one notice per card for up to 3, and one summary for a larger burst', () => {
    const three = ['a', 'b', 'c'].map((id) => card({ id }))
    expect(noticesFor(three).map((notice) => notice.cardId)).toEqual(['a', 'b', 'c'])

    const burst = [
      card({ id: 'a', serverName: 'Notes' }),
      card({ id: 'b', serverName: 'Files' }),
      card({ id: 'c', serverName: 'Notes' }),
      card({ id: 'd', serverName: 'Mail' }),
    ]
    expect(noticesFor(burst)).toEqual([
      {
        cardId: 'a',
        about: ['a:approval', 'b:approval', 'c:approval', 'd:approval'],
        title: '4 requests need your approval',
        body: 'From Notes, Files, Mail',
      },
    ])
  })
})

describe('shorten', () => {
  it('keeps short text and never splits an emoji', () => {
    expect(shorten('hello', 5)).toBe('hello')
    expect(shorten('😀😀😀😀', 3)).toBe('😀😀…')
  })
})

describe('NewApprovalDetector', () => {
  const approval = card({ id: 'a' })
  const streaming = card({ id: 'a', phase: 'streaming' })
  const review = card({ id: 'a', phase: 'review' })
  const other = card({ id: 'b' })

  const steps: { name: string; lists: SamplingCard[][]; fresh: string[][] }[] = [
    { name: 'a first card is new', lists: [[approval]], fresh: [['a']] },
    { name: 'the same card again is not', lists: [[approval], [approval]], fresh: [['a'], []] },
    {
      name: 'a second card is new, the first is not',
      lists: [[approval], [approval, other]],
      fresh: [['a'], ['b']],
    },
    { name: 'a streaming card is never new', lists: [[streaming]], fresh: [[]] },
    {
      name: 'the review phase of a card is new again',
      lists: [[approval], [streaming], [review], [review]],
      fresh: [['a'], [], ['a'], []],
    },
    {
      name: 'a card that left and came back with the same id is new again',
      lists: [[approval], [], [approval]],
      fresh: [['a'], [], ['a']],
    },
    {
      name: 'a card staying in the queue while streaming does not re-notify its approval',
      lists: [[approval], [streaming], [approval]],
      fresh: [['a'], [], []],
    },
  ]

  it.each(steps)('$name', ({ lists, fresh }) => {
    const detector = new NewApprovalDetector()
    expect(lists.map((cards) => detector.next(cards).map((c) => c.id))).toEqual(fresh)
  })
})

describe('tool-call cards', () => {
  it.each([
    { name: 'a sampling approval', card: card({ id: 'a' }), waiting: true, key: 'a:approval' },
    { name: 'a sampling review', card: card({ id: 'a', phase: 'review' }), waiting: true, key: 'a:review' },
    { name: 'a streaming sampling card', card: card({ id: 'a', phase: 'streaming' }), waiting: false },
    { name: 'a tool call', card: toolCallCard({ id: 't' }), waiting: true, key: 't:tool-call' },
  ])('$name waits: $waiting', ({ card: pending, waiting, key }) => {
    expect(isWaiting(pending)).toBe(waiting)
    if (key) expect(waitingKey(pending)).toBe(key)
  })

  it.each([
    { name: 'the title', overrides: {}, expected: 'Notes wants to call Search notes' },
    {
      name: 'the name without a title',
      overrides: { toolTitle: undefined },
      expected: 'Notes wants to call search_notes',
    },
    {
      name: 'the name for a blank title',
      overrides: { toolTitle: ' \n ' },
      expected: 'Notes wants to call search_notes',
    },
    {
      name: 'a long title, shortened',
      overrides: { toolTitle: 'y'.repeat(80) },
      expected: `Notes wants to call ${'y'.repeat(39)}…`,
    },
    {
      name: 'a title with line breaks and invisible characters, on one plain line',
      overrides: { toolTitle: 'Search\n\tnotes\u202e\u200b now', serverName: 'My\nNotes' },
      expected: 'My Notes wants to call Search notes now',
    },
  ])('says what the call wants with $name', ({ overrides, expected }) => {
    expect(whatItWants(toolCallCard({ id: 't', ...overrides }))).toBe(expected)
  })

  it('counts tool calls with sampling cards in the tray, each with its own line', () => {
    const cards: PendingCard[] = [
      card({ id: 'a', createdAt: minutesAgo(5) }),
      card({ id: 'b', phase: 'streaming' }),
      toolCallCard({ id: 't', serverName: 'Files', toolTitle: 'Read file', createdAt: minutesAgo(3) }),
      toolCallCard({ id: 'u', createdAt: minutesAgo(0) }),
    ]
    const state = trayState(cards, now)
    expect(state.count).toBe(3)
    expect(state.tooltip).toBe('MCP Desk — 3 pending approvals')
    expect(state.items).toEqual([
      { id: 'a', label: 'Notes wants to run a model · 5 min' },
      { id: 't', label: 'Files wants to call Read file · 3 min' },
      { id: 'u', label: 'Notes wants to call Search notes · just now' },
    ])
    expect(JSON.stringify(state)).not.toContain(SECRET_ARGUMENT)
  })

  it('names the tool and the destination in a notice, never the arguments', () => {
    const notices = noticesFor([toolCallCard({ id: 't' })])
    expect(notices).toEqual([
      {
        cardId: 't',
        about: ['t:tool-call'],
        title: 'Notes wants to call Search notes',
        body: 'Tool: search_notes\nDestination: notes-mcp --vault ~/notes',
      },
    ])
    expect(JSON.stringify(notices)).not.toContain(SECRET_ARGUMENT)
  })

  it('keeps each line of a tool-call notice short and on one line', () => {
    const [notice] = noticesFor([
      toolCallCard({
        id: 't',
        toolName: `read\nDestination: somewhere-safe ${'n'.repeat(200)}`,
        destination: `https://mcp.example.com/${'p'.repeat(300)}`,
      }),
    ])
    const lines = notice?.body.split('\n') ?? []
    expect(lines).toHaveLength(2)
    expect(lines[0]?.startsWith('Tool: read Destination: somewhere-safe nnn')).toBe(true)
    expect(lines[1]?.startsWith('Destination: https://mcp.example.com/ppp')).toBe(true)
    for (const line of lines) {
      expect(Array.from(line)).toHaveLength(120)
      expect(line.endsWith('…')).toBe(true)
    }
  })

  it('sums up a burst of sampling and tool-call cards in one notice', () => {
    const burst: PendingCard[] = [
      toolCallCard({ id: 't1' }),
      card({ id: 'a', serverName: 'Mail' }),
      toolCallCard({ id: 't2', serverName: 'Files' }),
      toolCallCard({ id: 't3' }),
    ]
    expect(noticesFor(burst)).toEqual([
      {
        cardId: 't1',
        about: ['t1:tool-call', 'a:approval', 't2:tool-call', 't3:tool-call'],
        title: '4 requests need your approval',
        body: 'From Notes, Mail, Files',
      },
    ])
  })

  const call = toolCallCard({ id: 't' })
  const sampling = card({ id: 'a' })
  const detectorSteps: { name: string; lists: PendingCard[][]; fresh: string[][] }[] = [
    { name: 'a tool call is new once', lists: [[call], [call], [call, sampling]], fresh: [['t'], [], ['a']] },
    {
      name: 'a tool call after a sampling card is new',
      lists: [[sampling], [sampling, call]],
      fresh: [['a'], ['t']],
    },
    {
      name: 'a tool call decided and asked again is new again',
      lists: [[call], [], [call]],
      fresh: [['t'], [], ['t']],
    },
  ]

  it.each(detectorSteps)('detector: $name', ({ lists, fresh }) => {
    const detector = new NewApprovalDetector()
    expect(lists.map((cards) => detector.next(cards).map((c) => c.id))).toEqual(fresh)
  })
})
