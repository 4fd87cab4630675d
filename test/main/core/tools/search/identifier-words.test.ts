// How tool names and queries become words: every identifier convention servers use splits into the words
// a person would type, and the analyzer then drops stop words and stems.
import { describe, expect, it } from 'vitest'
import { splitIdentifier, words } from '../../../../../src/main/core/tools/search/identifier-words'
import { TextAnalyzer } from '../../../../../src/main/core/tools/search/text-analyzer'

describe('splitIdentifier', () => {
  const rows: Array<[string, string[]]> = [
    ['getOffer', ['get', 'offer']],
    ['getDCFValuation', ['get', 'dcf', 'valuation']],
    ['getForex1HourData', ['get', 'forex', '1', 'hour', 'data']],
    ['getSP500Constituents', ['get', 'sp', '500', 'constituents']],
    ['ED25519', ['ed', '25519']],
    ['HTMLParser', ['html', 'parser']],
    ['sequentialthinking', ['sequentialthinking']],
    ['URL', ['url']],
    ['x', ['x']],
  ]
  it.each(rows)('%s → %j', (input, expected) => {
    expect(splitIdentifier(input)).toEqual(expected)
  })
})

describe('words', () => {
  const rows: Array<[string, string[]]> = [
    ['ebay_create_shipping_fulfillment', ['ebay', 'create', 'shipping', 'fulfillment']],
    ['API-patch-block-children', ['api', 'patch', 'block', 'children']],
    ['trigger-sampling-request-async', ['trigger', 'sampling', 'request', 'async']],
    ['mcp_vercel_getEdgeConfig', ['mcp', 'vercel', 'get', 'edge', 'config']],
    ['Read the file’s first 10 lines.', ['read', 'the', 'files', 'first', '10', 'lines']],
    ["the client's model", ['the', 'clients', 'model']],
    ['sell.fulfillment/readonly', ['sell', 'fulfillment', 'readonly']],
    ['  ', []],
    ['Ünïcödé_naïve', ['ünïcödé', 'naïve']],
  ]
  it.each(rows)('%j → %j', (input, expected) => {
    expect(words(input)).toEqual(expected)
  })

  it('keeps camelCase runs whole when camel splitting is off', () => {
    expect(words('getDCFValuation now', { splitCamel: false })).toEqual(['getdcfvaluation', 'now'])
  })
})

describe('TextAnalyzer', () => {
  it('drops stop words and stems, so inflections meet', () => {
    const analyzer = new TextAnalyzer()
    expect(analyzer.terms('Which of my listings were published?')).toEqual(['list', 'publish'])
    expect(analyzer.terms('getListings')).toEqual(analyzer.terms('get listing'))
    expect(analyzer.terms('senators')).toEqual(analyzer.terms('senator'))
  })

  it('keeps every word when stop words and stemming are off', () => {
    const analyzer = new TextAnalyzer({ splitCamel: true, stem: false, stopWords: false })
    expect(analyzer.terms('Which of my listings')).toEqual(['which', 'of', 'my', 'listings'])
  })
})
