import { memo, type ComponentProps } from 'react'
import Markdown, { type Components } from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'

/** Only these schemes become links; anything else (javascript:, data:, file:) stays text. */
const LINK_SCHEMES = /^(https?:|mailto:)/i

function Link({ href, children }: ComponentProps<'a'>) {
  if (!href || !LINK_SCHEMES.test(href)) return <span className="markdown-link-text">{children}</span>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={href}>
      {children}
    </a>
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
// Unknown or unnamed languages stay plain text instead of being guessed.
const rehypePlugins: ComponentProps<typeof Markdown>['rehypePlugins'] = [[rehypeHighlight, { detect: false }]]

/**
 * The model's text as markdown (GitHub flavour: tables, task lists, strikethrough) with code highlighted.
 * Raw HTML in the text is shown as text, never rendered; links open outside the window.
 */
export const ChatMarkdown = memo(function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown selectable">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </Markdown>
    </div>
  )
})
