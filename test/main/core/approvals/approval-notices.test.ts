import { describe, expect, it } from 'vitest'
import {
  NewApprovalDetector,
  noticesFor,
  shorten,
  trayState,
  waitedFor,
} from '../../../../src/main/core/approvals/approval-notices'
import type { SamplingCard } from '../../../../src/shared/sampling/sampling-card'

const now = new Date('2026-03-01T12:00:00.000Z')
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()

function card(overrides: Partial<SamplingCard> & { id: string }): SamplingCard {
  return {
    kind: 'sampling',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    createdAt: minutesAgo(3),
    phase: 'approval',
    model: {
      chosen: 'local/llama',
      eligible: [{ ref: 'local/llama', displayName: 'Llama 3 (local)' }],
      ineligible: [],
    },
    hints: [],
    priorities: {},
    maxTokens: 200,
    stopSequences: [],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise my notes' }] }],
    firstUserText: 'Summarise my notes',
    tools: [],
    estimatedInputTokens: 5,
    usageToday: { requests: 0, inputTokens: 0, outputTokens: 0 },
    ...overrides,
  }
}

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
