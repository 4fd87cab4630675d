import { memo, type ComponentProps, type ReactElement } from 'react'
import Markdown, { type Components } from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import { linkDestination } from '../ui/link-destination'
import { markdownBlocks } from './markdown-blocks'
import { ExternalLink } from '../ui/external-link'

/** Only http(s) and mailto links become links (anything else stays text), and every one asks before opening. */
function Link({ href, children }: ComponentProps<'a'>) {
  const destination = linkDestination(href)
  if (!href || !destination) return <span className="markdown-link-text">{children}</span>
  return (
    <ExternalLink href={href} destination={destination}>
      {children}
    </ExternalLink>
  )
}

/**
 * Images are named, never loaded: a model steered by a tool's output could otherwise make the window
 * fetch a URL that carries data out (and the page's policy would block it anyway).
 */
function Image({ src, alt }: ComponentProps<'img'>) {
  const where = typeof src === 'string' ? src : ''
  return (
    <span className="markdown-image" title={where}>
      [image{alt ? `: ${alt}` : ''}
      {where ? ` · ${where}` : ''}]
    </span>
  )
}

const components: Components = {
  a: ({ node: _node, ...props }) => <Link {...props} />,
  img: ({ node: _node, ...props }) => <Image {...props} />,
}

const remarkPlugins = [remarkGfm]
// Unknown or unnamed languages stay plain text instead of being guessed. rehype-highlight builds a new
// highlighter (registering every language, whose grammars then compile on first use) each time it is
// attached, and react-markdown attaches its plugins on every render: one shared transformer keeps one
// highlighter with its compiled grammars, which a streamed answer re-rendered per token needs.
const highlight = rehypeHighlight({ detect: false })
const rehypePlugins: ComponentProps<typeof Markdown>['rehypePlugins'] = [() => highlight]

/**
 * Rendered blocks by their text, most recently used last. A block renders the same wherever it appears, so
 * the answer recorded after a stream reuses the blocks the stream rendered, and a message scrolled back
 * into the transcript's window is not parsed again.
 */
const rendered = new Map<string, ReactElement>()
const RENDERED_BLOCKS = 400

function renderBlock(text: string): ReactElement {
  const cached = rendered.get(text)
  if (cached) {
    rendered.delete(text)
    rendered.set(text, cached)
    return cached
  }
  // react-markdown's Markdown is a pure function of its options (no hooks), so its element tree can be kept.
  const element = Markdown({ remarkPlugins, rehypePlugins, components, children: text })
  rendered.set(text, element)
  if (rendered.size > RENDERED_BLOCKS) rendered.delete(rendered.keys().next().value!)
  return element
}

/** One block's elements without a container, so the blocks of a text share one `.markdown` box. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return renderBlock(text)
})

/**
 * The model's text as markdown (GitHub flavour: tables, task lists, strikethrough) with code highlighted.
 * Raw HTML in the text is shown as text, never rendered; links open outside the window, after the user
 * confirmed the destination (external-link.tsx).
 *
 * It renders block by block (markdown-blocks.ts): while the model streams, a token re-renders only
 * the last block, so its cost does not grow with the answer; each block is its own unit of React work,
 * so a long message does not hold the main thread in one piece.
 */
export const ChatMarkdown = memo(function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown selectable">
      {markdownBlocks(text).map((block, index) => (
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  )
})
