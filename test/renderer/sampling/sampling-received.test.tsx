// The sampling card shows includeContext, the request's metadata and the request as received (issue 21,
// item 6), so nothing the server sent is hidden from the person approving it.
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

async function cardOf(overrides: Parameters<typeof samplingCardFixture>[0]): Promise<HTMLElement> {
  const api = new FakeDeskApi()
  api.approvals.cards = [samplingCardFixture(overrides)]
  await renderApp(api)
  fireEvent.click(screen.getByTestId('approvals-bell'))
  return within(screen.getByTestId('drawer')).getByTestId('approval-card')
}

describe('what the server sent, on the sampling card', () => {
  it('says which context was asked for and that none is added, shows metadata, and the raw request on demand', async () => {
    const received = '{\n  "maxTokens": 1024,\n  "includeContext": "thisServer"\n}'
    const card = await cardOf({
      includeContext: 'thisServer',
      metadata: '{\n  "traceId": "abc"\n}',
      received,
    })
    expect(within(card).getByTestId('sampling-include-context').textContent).toBe(
      'Context asked for this server’s, none added',
    )
    expect(within(card).getByTestId('sampling-metadata').textContent).toContain('"traceId": "abc"')
    const raw = within(card).getByTestId<HTMLDetailsElement>('sampling-raw')
    expect(raw.open).toBe(false)
    fireEvent.click(within(raw).getByText('Request as received (JSON)'))
    expect(raw.open).toBe(true)
    expect(within(raw).getByLabelText('The request as received').textContent).toBe(received)
  })

  it('shows no context, metadata or raw view for a card without them', async () => {
    const card = await cardOf({})
    expect(within(card).queryByTestId('sampling-include-context')).toBeNull()
    expect(within(card).queryByTestId('sampling-metadata')).toBeNull()
    expect(within(card).queryByTestId('sampling-raw')).toBeNull()
  })
})
