import { describe, expect, it } from 'vitest'
import {
  NoEligibleModelError,
  selectModel,
  type ModelCandidate,
  type SelectionRequest,
  type SelectionResult,
} from '../../../../src/main/core/models/select-model'
import {
  MiB,
  audio,
  candidate,
  hearing,
  image,
  text,
  textOnly,
  userSays,
  vision,
  weatherTool,
} from './selection-fixtures'

type Preferences = NonNullable<SelectionRequest['modelPreferences']>

const noFallback = { recentModels: [] }
const hello = userSays(text('hello'))

function chosenRef(result: SelectionResult): string {
  if (!result.ok) throw new Error(`expected a model, got: ${result.error.message}`)
  return result.chosen.ref
}
function rankedRefs(result: SelectionResult): string[] {
  if (!result.ok) throw new Error(`expected a model, got: ${result.error.message}`)
  return result.ranked.map((r) => r.candidate.ref)
}
function failure(result: SelectionResult): NoEligibleModelError {
  if (result.ok) throw new Error(`expected no eligible model, got ${result.chosen.ref}`)
  return result.error
}

describe('selectModel filters by capability', () => {
  const models = [
    candidate('local/llama', textOnly),
    candidate('openai/gpt-4o', vision),
    candidate('openai/gpt-4o-audio', hearing),
    candidate('local/mp3-only', { inputModalities: ['text', 'audio'], audioFormats: ['mp3'] }),
    candidate('local/blind-tools-off', { ...textOnly, toolCalling: false }),
  ]

  it.each([
    {
      name: 'an image skips text-only models',
      request: userSays([text('what is this?'), image()]),
      eligible: ['openai/gpt-4o'],
      reason: ['local/llama', 'does not accept images'],
    },
    {
      name: 'wav audio picks only models that take audio in that format',
      request: userSays(audio('audio/wav')),
      eligible: ['openai/gpt-4o-audio'],
      reason: ['local/mp3-only', 'does not accept audio/wav audio (accepts mp3)'],
    },
    {
      name: 'audio/mpeg is mp3',
      request: userSays(audio('audio/mpeg')),
      eligible: ['local/mp3-only', 'openai/gpt-4o-audio'],
      reason: ['openai/gpt-4o', 'does not accept audio'],
    },
    {
      name: 'tools need tool calling',
      request: { ...hello, tools: [weatherTool] },
      eligible: ['local/llama', 'openai/gpt-4o', 'openai/gpt-4o-audio', 'local/mp3-only'],
      reason: ['local/blind-tools-off', 'cannot call tools'],
    },
    {
      name: 'an empty tools list asks for nothing',
      request: { ...hello, tools: [] },
      eligible: models.map((m) => m.ref),
      reason: undefined,
    },
  ])('$name', ({ request, eligible, reason }) => {
    const result = selectModel(request, models, noFallback)
    expect(rankedRefs(result).sort()).toEqual([...eligible].sort())
    const rejected = result.ok ? result.rejected : []
    if (reason === undefined) expect(rejected).toEqual([])
    else expect(rejected.find((r) => r.ref === reason[0])?.reasons).toContain(reason[1])
  })

  it('audio in a format no adapter takes is rejected everywhere, never turned into text', () => {
    const error = failure(selectModel(userSays(text('listen'), audio('audio/ogg')), models, noFallback))
    expect(error.rejections).toEqual(
      expect.arrayContaining([
        { ref: 'openai/gpt-4o-audio', reasons: ['does not accept audio/ogg audio (accepts wav, mp3)'] },
        { ref: 'local/llama', reasons: ['does not accept audio'] },
      ]),
    )
  })

  it.each([
    {
      name: 'text over 1 MiB',
      request: userSays(text('short'), text('y'.repeat(1.5 * MiB))),
      reason: 'text item 2 is 1.5 MiB, over its 1 MiB limit',
    },
    {
      name: 'a system prompt over 1 MiB',
      request: { ...hello, systemPrompt: 'x'.repeat(2 * MiB) },
      reason: 'the system prompt is 2 MiB, over its 1 MiB limit',
    },
  ])('$name rejects models with the default cap and keeps those with a bigger one', ({ request, reason }) => {
    const roomy = candidate('big/context', { maxTextBytes: 8 * MiB })
    const result = selectModel(request, [candidate('local/llama', textOnly), roomy], noFallback)
    expect(chosenRef(result)).toBe('big/context')
    expect(result.ok && result.rejected).toEqual([{ ref: 'local/llama', reasons: [reason] }])
  })

  it('a 25 MiB image leaves no eligible model and names every model with its reasons', () => {
    const request = { ...userSays([text('look'), image(25 * MiB, 'image/png')]), tools: [weatherTool] }
    const error = failure(selectModel(request, models, noFallback))
    expect(error).toBeInstanceOf(NoEligibleModelError)
    expect(error.rejections).toEqual([
      { ref: 'local/blind-tools-off', reasons: ['does not accept images', 'cannot call tools'] },
      { ref: 'local/llama', reasons: ['does not accept images'] },
      { ref: 'local/mp3-only', reasons: ['does not accept images'] },
      { ref: 'openai/gpt-4o', reasons: ['image 1 is 25 MiB, over its 20 MiB limit'] },
      { ref: 'openai/gpt-4o-audio', reasons: ['does not accept images'] },
    ])
    expect(error.message).toMatch(/^no configured model can take this request: /)
    expect(error.message).toContain('local/blind-tools-off (does not accept images; cannot call tools)')
    expect(error.message).toMatch(/and 2 more$/)
  })

  it('with no models configured the error says so and how to fix it', () => {
    const error = failure(selectModel(hello, [], noFallback))
    expect(error.message).toBe('no models are configured: add a provider in Models')
    expect(error.rejections).toEqual([])
  })

  it('content as a single block or as an array is judged the same', () => {
    const single: SelectionRequest = { messages: [{ role: 'user', content: image(25 * MiB) }] }
    const array: SelectionRequest = { messages: [{ role: 'user', content: [image(25 * MiB)] }] }
    expect(failure(selectModel(single, models, noFallback)).rejections).toEqual(
      failure(selectModel(array, models, noFallback)).rejections,
    )
    expect(rankedRefs(selectModel(userSays(image()), models, noFallback))).toEqual(['openai/gpt-4o'])
  })
})

describe('selectModel ranks by hints, then priorities', () => {
  const claude3 = candidate('anthropic/claude-3', { scores: { cost: 0.5, intelligence: 0.7 } })
  const sonnet35 = candidate('anthropic/claude-3-5-sonnet', {
    scores: { cost: 0.3, speed: 0.8, intelligence: 0.8 },
  })
  const opus = candidate('anthropic/claude-3-opus', { scores: { cost: 1, speed: 0.2, intelligence: 1 } })
  const sonnetLite = candidate('local/sonnet-lite', { scores: { cost: 0, speed: 1, intelligence: 0.1 } })
  const gpt = candidate('openai/gpt-4o', { scores: { cost: 0.1, speed: 1, intelligence: 1 } })
  const all = [gpt, sonnetLite, opus, sonnet35, claude3]
  const hinted = (names: string[], priorities: Omit<Preferences, 'hints'> = {}): SelectionRequest => ({
    ...hello,
    modelPreferences: { hints: names.map((name) => ({ name })), ...priorities },
  })

  it('hints ["claude-3", "sonnet"]: exact before substring, hint 0 before hint 1, unhinted last', () => {
    const result = selectModel(hinted(['claude-3', 'sonnet']), all, noFallback)
    expect(rankedRefs(result)).toEqual([
      'anthropic/claude-3',
      'anthropic/claude-3-5-sonnet',
      'anthropic/claude-3-opus',
      'local/sonnet-lite',
      'openai/gpt-4o',
    ])
    if (result.ok) {
      expect(result.ranked.map((r) => r.matchedHint)).toEqual([
        { index: 0, kind: 'exact' },
        { index: 0, kind: 'substring' },
        { index: 0, kind: 'substring' },
        { index: 1, kind: 'substring' },
        undefined,
      ])
    }
  })

  it.each([
    {
      name: 'an exact hint 1 still ranks after a substring of hint 0',
      hints: ['claude', 'gpt-4o'],
      first: 'anthropic/claude-3',
    },
    {
      name: 'a provider/model hint is exact, case-insensitively',
      hints: ['OpenAI/GPT-4o'],
      first: 'openai/gpt-4o',
    },
    {
      name: 'a hint matching no model falls through to the next',
      hints: ['gemini', 'opus'],
      first: 'anthropic/claude-3-opus',
    },
    { name: 'a hint can match the display name', hints: ['Haiku'], first: 'local/h1' },
    { name: 'empty hint names are ignored', hints: ['', '  ', 'sonnet-lite'], first: 'local/sonnet-lite' },
  ])('$name', ({ hints, first }) => {
    const withDisplayName = [...all, candidate('local/h1', {}, 'Claude Haiku (local)')]
    expect(chosenRef(selectModel(hinted(hints), withDisplayName, noFallback))).toBe(first)
  })

  it('a matched hint is reported by its index in the request', () => {
    const result = selectModel(hinted(['', 'gemini', 'SONNET-LITE']), all, noFallback)
    expect(result.ok && result.ranked[0]).toMatchObject({
      candidate: { ref: 'local/sonnet-lite' },
      matchedHint: { index: 2, kind: 'exact' },
    })
  })

  it.each([
    { priorities: {}, order: ['anthropic/claude-3-5-sonnet', 'anthropic/claude-3-opus'] },
    {
      priorities: { intelligencePriority: 1 },
      order: ['anthropic/claude-3-opus', 'anthropic/claude-3-5-sonnet'],
    },
    { priorities: { costPriority: 1 }, order: ['anthropic/claude-3-5-sonnet', 'anthropic/claude-3-opus'] },
    {
      priorities: { speedPriority: 0.2, intelligencePriority: 0.9 },
      order: ['anthropic/claude-3-opus', 'anthropic/claude-3-5-sonnet'],
    },
    {
      priorities: { costPriority: 0.8, intelligencePriority: 0.5 },
      order: ['anthropic/claude-3-5-sonnet', 'anthropic/claude-3-opus'],
    },
  ])('priorities $priorities order equally hinted models: $order', ({ priorities, order }) => {
    // Both match hint 0 by substring; only the priority score (or, without one, the ref) separates them.
    const result = selectModel(hinted(['claude-3-'], priorities), [opus, sonnet35, gpt], noFallback)
    expect(rankedRefs(result)).toEqual([...order, 'openai/gpt-4o'])
  })

  it('priorities never lift an unhinted model above a hinted one, but order the unhinted among themselves', () => {
    const request = hinted(['opus'], { costPriority: 1 })
    expect(rankedRefs(selectModel(request, all, noFallback))).toEqual([
      'anthropic/claude-3-opus',
      'local/sonnet-lite',
      'openai/gpt-4o',
      'anthropic/claude-3-5-sonnet',
      'anthropic/claude-3',
    ])
  })

  it('scores equal up to float noise tie, so the fallback order decides', () => {
    // 1·(1−0.7) + 1·0 is 0.30000000000000004 in floating point; 1·(1−1) + 1·0.3 is 0.3.
    const noisy = candidate('b/noisy', { scores: { cost: 0.7, speed: 0 } })
    const exact = candidate('a/exact', { scores: { cost: 1, speed: 0.3 } })
    const request = hinted([], { costPriority: 1, speedPriority: 1 })
    expect(
      rankedRefs(selectModel(request, [noisy, exact], { defaultModel: 'b/noisy', recentModels: [] })),
    ).toEqual(['b/noisy', 'a/exact'])
    expect(rankedRefs(selectModel(request, [noisy, exact], noFallback))).toEqual(['a/exact', 'b/noisy'])
  })

  it('reports each model score', () => {
    const result = selectModel(hinted([], { costPriority: 0.5, speedPriority: 0.5 }), [opus], noFallback)
    expect(result.ok && result.ranked[0]?.score).toBe(0.1)
  })
})

describe('selectModel falls back when hints and priorities do not decide', () => {
  // a/plain sorts first but cannot call tools; b/tools is the first tool-capable model but sees no images.
  const models = [
    candidate('a/plain', { ...vision, toolCalling: false }),
    candidate('b/tools', textOnly),
    candidate('c/vision', vision),
    candidate('d/other', textOnly),
    candidate('e/seer', vision),
  ]
  const withImage = userSays(image())

  it.each([
    {
      name: 'the default model',
      request: hello,
      defaultModel: 'd/other',
      recent: ['c/vision'],
      chosen: 'd/other',
    },
    {
      name: 'the most recent when there is no default',
      request: hello,
      recent: ['c/vision', 'd/other'],
      chosen: 'c/vision',
    },
    {
      name: 'a default that is not configured is skipped',
      request: hello,
      defaultModel: 'x/gone',
      recent: ['d/other'],
      chosen: 'd/other',
    },
    {
      name: 'an ineligible default and recent give way to the next recent',
      request: withImage,
      defaultModel: 'd/other',
      recent: ['b/tools', 'e/seer'],
      chosen: 'e/seer',
    },
    { name: 'then the first tool-capable model by ref', request: hello, recent: [], chosen: 'b/tools' },
    {
      name: 'recent models not configured are skipped',
      request: hello,
      recent: ['x/gone'],
      chosen: 'b/tools',
    },
    {
      name: 'an ineligible first tool-capable gives way to the first eligible by ref',
      request: withImage,
      recent: [],
      chosen: 'a/plain',
    },
    {
      name: 'with tools requested the default a/plain is out and b/tools leads',
      request: { ...hello, tools: [weatherTool] },
      defaultModel: 'a/plain',
      recent: [],
      chosen: 'b/tools',
    },
  ])('$name', ({ request, defaultModel, recent, chosen }) => {
    const fallback =
      defaultModel === undefined ? { recentModels: recent } : { defaultModel, recentModels: recent }
    expect(chosenRef(selectModel(request, models, fallback))).toBe(chosen)
  })

  it('without any tool-capable model the first eligible by provider/model wins', () => {
    const noTools = [
      candidate('z/last', { toolCalling: false }),
      candidate('m/middle', { toolCalling: false }),
    ]
    expect(chosenRef(selectModel(hello, noTools, noFallback))).toBe('m/middle')
  })

  it('the fallback orders the whole ranking, then provider/model', () => {
    const result = selectModel(hello, models, {
      defaultModel: 'd/other',
      recentModels: ['c/vision', 'd/other'],
    })
    expect(rankedRefs(result)).toEqual(['d/other', 'c/vision', 'b/tools', 'a/plain', 'e/seer'])
  })

  it('a hint outranks the default model', () => {
    const request = { ...hello, modelPreferences: { hints: [{ name: 'vision' }] } }
    expect(chosenRef(selectModel(request, models, { defaultModel: 'd/other', recentModels: [] }))).toBe(
      'c/vision',
    )
  })
})

describe('selectModel is deterministic', () => {
  const models: ModelCandidate[] = [
    candidate('p/alpha', { scores: { cost: 0.2 } }),
    candidate('p/beta', textOnly),
    candidate('q/alpha', vision),
    candidate('q/gamma', { ...vision, toolCalling: false }),
    candidate('r/delta', hearing),
    candidate('r/epsilon', { scores: { cost: 0.2 } }),
  ]
  const requests: SelectionRequest[] = [
    hello,
    userSays(image()),
    { ...userSays(text('hi')), modelPreferences: { hints: [{ name: 'alpha' }], costPriority: 0.7 } },
    { ...userSays(audio()), modelPreferences: { speedPriority: 1 } },
  ]
  const permutations = [models, [...models].reverse(), [3, 0, 5, 1, 4, 2].map((i) => models[i]!)]

  it.each(requests.map((request, i) => ({ i, request })))(
    'request $i gives one answer for any input order',
    ({ request }) => {
      const fallback = { recentModels: ['r/delta'] }
      const results = permutations.map((order) => selectModel(request, order, fallback))
      for (const result of results.slice(1)) expect(result).toEqual(results[0])
    },
  )
})
