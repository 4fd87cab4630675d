/** Warnings the host found at start-up (e.g. a settings file that failed validation), shown verbatim. */
export function WarningList({
  warnings,
  testId,
  title,
}: {
  warnings: string[]
  testId: string
  title: string
}) {
  if (warnings.length === 0) return null
  return (
    <section className="banner banner--warning" data-testid={testId} role="alert" aria-label={title}>
      <h2 className="banner-title">{title}</h2>
      <ul className="banner-list">
        {warnings.map((warning, index) => (
          <li key={index} className="selectable">
            {warning}
          </li>
        ))}
      </ul>
    </section>
  )
}
