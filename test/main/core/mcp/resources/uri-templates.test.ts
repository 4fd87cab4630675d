import { describe, expect, it } from 'vitest'
import { expandTemplate, templateVariables } from '../../../../../src/main/core/mcp/resources/uri-templates'

describe('templateVariables', () => {
  it('lists variables in order, once each; query-style ones are optional', () => {
    expect(templateVariables('file:///{+path}/{name}{?query,page}{&name}')).toEqual([
      { name: 'path', required: true },
      { name: 'name', required: true },
      { name: 'query', required: false },
      { name: 'page', required: false },
    ])
    expect(templateVariables('db://{table}/{id:3}{/rest*}')).toEqual([
      { name: 'table', required: true },
      { name: 'id', required: true },
      { name: 'rest', required: true },
    ])
    expect(templateVariables('plain://no-variables')).toEqual([])
  })
})

describe('expandTemplate', () => {
  it('fills in values, encoding them, and drops empty optional ones', () => {
    expect(expandTemplate('db://{table}/{id}{?q}', { table: 'a b', id: '7', q: '' })).toBe('db://a%20b/7')
    expect(expandTemplate('db://{table}{?q}', { table: 't', q: 'x y' })).toBe('db://t?q=x%20y')
  })

  it('names missing required and unknown variables', () => {
    expect(() => expandTemplate('db://{table}/{id}', { table: 't' })).toThrow(
      'the template db://{table}/{id} needs a value for "id"',
    )
    expect(() => expandTemplate('db://{table}', { table: 't', tabel: 'x' })).toThrow(
      'the template db://{table} has no variable "tabel"',
    )
  })
})
