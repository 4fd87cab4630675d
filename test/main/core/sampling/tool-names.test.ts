// The model-safe tool names: safe names untouched, others mapped stably and back, clashes refused.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { modelToolName, ToolNameMap } from '../../../../src/main/core/sampling/tool-names'

const OPENAI_FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/

describe('modelToolName', () => {
  it('keeps names the model API accepts exactly as the server wrote them', () => {
    for (const name of ['lookup', 'get_weather', 'Search-2', 'a'.repeat(64), '__proto__']) {
      expect(modelToolName(name)).toBe(name)
    }
  })

  it('maps other names to safe characters plus a hash of the whole name, the same every time', () => {
    const mapped = modelToolName('notes.search')
    expect(mapped).toMatch(/^notes_search_[0-9a-f]{8}$/)
    expect(modelToolName('notes.search')).toBe(mapped)
    // Names that differ only in unsafe characters stay apart.
    expect(modelToolName('notes:search')).not.toBe(mapped)
    expect(modelToolName('notes:search')).toMatch(/^notes_search_[0-9a-f]{8}$/)
  })

  it.each(['a.b', 'x'.repeat(65), 'n'.repeat(128), 'wetter/aktuell', 'überall', '', '...', 'has space'])(
    'maps %j to a valid OpenAI function name',
    (name) => {
      const mapped = modelToolName(name)
      expect(mapped).toMatch(OPENAI_FUNCTION_NAME)
      expect(mapped).not.toBe(name)
    },
  )

  it('names an all-unsafe name "tool_<hash>"', () => {
    expect(modelToolName('...')).toMatch(/^____[0-9a-f]{8}$/)
    expect(modelToolName('')).toMatch(/^tool_[0-9a-f]{8}$/)
  })
})

describe('ToolNameMap', () => {
  it('maps the offered tools both ways; a name that was not offered maps back to nothing', () => {
    const names = new ToolNameMap(['lookup', 'notes.search'])
    expect(names.toModel('lookup')).toBe('lookup')
    expect(names.toServer('lookup')).toBe('lookup')
    const mapped = names.toModel('notes.search')
    expect(names.toServer(mapped)).toBe('notes.search')
    expect(names.toServer('notes.search')).toBeUndefined()
    expect(names.toServer('weather')).toBeUndefined()
  })

  it('refuses two tools that would reach the model under one name', () => {
    const mapped = modelToolName('a.b')
    let caught: unknown
    try {
      new ToolNameMap(['a.b', mapped])
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ProtocolError)
    expect((caught as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
    expect((caught as ProtocolError).message).toContain(`"${mapped}" and "a.b" would both reach the model as`)
  })
})
