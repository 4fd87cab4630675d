/** The last `capacity` characters of a text stream, e.g. a server's stderr, in bounded memory. */
export class TextTail {
  readonly #capacity: number
  #text = ''

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  append(chunk: string): void {
    if (chunk.length === 0) return
    const combined = chunk.length >= this.#capacity ? chunk : this.#text + chunk
    let tail = combined.length > this.#capacity ? combined.slice(combined.length - this.#capacity) : combined
    // Never start on the second half of a surrogate pair cut in two.
    const first = tail.charCodeAt(0)
    if (first >= 0xdc00 && first <= 0xdfff) tail = tail.slice(1)
    this.#text = tail
  }

  toString(): string {
    return this.#text
  }
}
