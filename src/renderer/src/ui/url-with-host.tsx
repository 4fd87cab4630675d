import { splitUrl } from '../elicitation/elicitation-form-model'

/**
 * A whole URL with its host (where the browser really goes) emphasised, for the user to read before it
 * opens: the URL elicitation card and the confirm dialog of a link in the model's text.
 */
export function UrlWithHost({ url, host, testId }: { url: string; host: string; testId: string }) {
  const parts = splitUrl(url, host)
  return (
    <p className="elicitation-url selectable" data-testid={testId}>
      <span className="elicitation-url-part">{parts.start}</span>
      <strong className="elicitation-url-host" data-testid={`${testId}-host`}>
        {parts.host}
      </strong>
      <span className="elicitation-url-part">{parts.rest}</span>
    </p>
  )
}
