// Issue 19 item 10: a stdio server whose process runs but has not spoken yet (a first `npx -y` downloading
// it) is shown as starting, with the latest line it wrote to stderr, never as failed.
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

it('shows a starting server as Starting… with its latest stderr line, and a dot that says so', async () => {
  const stderrTail =
    'npm warn exec The following package was not found and will be installed: server-x@1.2.0\n' +
    'npm http fetch GET 200 https://registry.npmjs.org/server-x 812ms\r' +
    'npm http fetch GET 200 https://registry.npmjs.org/zod 95ms\n'
  await renderApp(
    new FakeDeskApi({
      servers: [
        {
          config: stdioConfigFixture({ id: 'slow', name: 'Slow', command: 'npx', args: ['-y', 'server-x'] }),
          state: { status: 'starting', stderrTail },
        },
      ],
    }),
  )
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  const card = screen.getByTestId('server-card-slow')
  expect(within(card).getByTestId('status-pill').textContent).toBe('Starting…')
  expect(within(card).getByRole('img', { name: 'Starting' })).toBeTruthy()
  expect(within(card).getByTestId('server-starting').textContent).toContain(
    'npm http fetch GET 200 https://registry.npmjs.org/zod 95ms',
  )
  expect(within(card).queryByTestId('server-failure')).toBeNull()
  // The sidebar says it too, in words.
  expect(within(screen.getByTestId('sidebar')).getByRole('img', { name: 'Starting' })).toBeTruthy()
})
