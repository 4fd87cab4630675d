/**
 * Install links the operating system hands the app (first launch, second launch, macOS `open-url`) wait
 * here until the window's page has loaded: the page learns of them through the `links:opened` event and
 * an event sent before it subscribed would be lost. Links are delivered once, in the order they came.
 */

/** More than this many links before the page loads is not a person clicking: the oldest are dropped. */
export const MAX_WAITING_LINKS = 16

/** What the handover needs of the window's WebContents. */
export interface LoadingContents {
  once(event: 'did-finish-load', listener: () => void): unknown
  removeListener(event: 'did-finish-load', listener: () => void): unknown
}

export class LinkHandover {
  readonly #waiting: string[] = []
  #deliver: ((link: string) => void) | undefined
  readonly #log: (message: string) => void

  constructor(options: { log: (message: string) => void }) {
    this.#log = options.log
  }

  /** A link from the OS: delivered now if the page is ready, else when it is. */
  offer(link: string): void {
    if (this.#deliver) {
      this.#send(this.#deliver, link)
      return
    }
    this.#waiting.push(link)
    if (this.#waiting.length > MAX_WAITING_LINKS) {
      this.#waiting.shift()
      this.#log(
        `more than ${MAX_WAITING_LINKS} install links arrived before the window loaded; the oldest was dropped`,
      )
    }
  }

  /**
   * Delivers to `deliver` once `contents` has finished loading its page, first what waited, then every later
   * link at once. Returns the detach function for when the window closes (links wait again until the next
   * window's page loads).
   */
  attach(contents: LoadingContents, deliver: (link: string) => void): () => void {
    const onLoaded = () => {
      this.#deliver = deliver
      for (const link of this.#waiting.splice(0)) this.#send(deliver, link)
    }
    contents.once('did-finish-load', onLoaded)
    return () => {
      contents.removeListener('did-finish-load', onLoaded)
      if (this.#deliver === deliver) this.#deliver = undefined
    }
  }

  #send(deliver: (link: string) => void, link: string): void {
    try {
      deliver(link)
    } catch (error) {
      // Not the link itself: it may carry a server's configuration, secrets included.
      this.#log(`an install link could not be handed to the window: ${(error as Error).message}`)
    }
  }
}
