import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  catalogApi,
  resourceFixture,
  templateFixture,
  textContentsFixture,
} from '../support/catalog-fixtures'
import type { FakeDeskApi } from '../support/fake-desk-api'
import { renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

const readme = resourceFixture({
  serverId: 'docs',
  uri: 'docs://readme',
  name: 'readme',
  title: 'README',
  mimeType: 'text/markdown',
  size: 2048,
  subscribable: true,
})
const logo = resourceFixture({
  serverId: 'docs',
  uri: 'docs://logo.png',
  name: 'logo',
  mimeType: 'image/png',
})
const page = templateFixture({
  serverId: 'docs',
  uriTemplate: 'docs://pages/{slug}',
  name: 'page',
  description: 'One page by its slug.',
  variables: [{ name: 'slug', required: true }],
  completions: true,
})

function resourcesApi(): FakeDeskApi {
  const api = catalogApi(['docs'])
  api.catalog.resources = [readme, logo]
  api.catalog.templates = [page]
  api.catalog.contents.set(
    'docs://pages/install',
    textContentsFixture('docs', 'docs://pages/install', 'héllo'),
  )
  api.catalog.templateCompletions.set('docs docs://pages/{slug} slug', ['install', 'intro', 'usage'])
  return api
}

async function openResources(api = resourcesApi()) {
  const rendered = await renderOpenConversation([], { api })
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  const browser = within(screen.getByTestId('server-card-docs')).getByTestId('resource-browser')
  fireEvent.click(within(browser).getByText('Resources'))
  await within(browser).findByRole('list', { name: 'Resources of Docs' })
  return { ...rendered, browser }
}

function chips(): HTMLElement[] {
  return screen.queryAllByTestId('resource-chip')
}

describe('resource browser and attachments', () => {
  it('lists resources and templates when opened, and attaches one as a chip that follows its changes', async () => {
    const { api, browser } = await openResources()
    expect(api.callsTo('resources:list')).toEqual([{ serverId: 'docs' }])
    const items = within(browser).getAllByTestId('resource-item')
    expect(items.map((item) => item.querySelector('.resource-item-name')?.textContent)).toEqual([
      'README',
      'logo',
    ])
    expect(items[0]!.textContent).toContain('text/markdown · 2.0 KiB')
    expect(items[0]!.textContent).toContain('docs://readme')
    expect(within(browser).getByRole('list', { name: 'Resource templates of Docs' }).textContent).toContain(
      'docs://pages/{slug}',
    )

    fireEvent.click(within(browser).getByRole('button', { name: 'Attach README' }))
    await waitFor(() => expect(api.catalog.subscribed).toEqual(new Set(['docs docs://readme'])))
    expect(chips()).toHaveLength(1)
    expect(chips()[0]!.textContent).toContain('Resource: README · text/markdown · 2.0 KiB')
    expect(
      within(browser).getByRole<HTMLButtonElement>('button', { name: 'README is attached' }).disabled,
    ).toBe(true)

    // Not subscribable: attached, but nothing to follow.
    fireEvent.click(within(browser).getByRole('button', { name: 'Attach logo' }))
    await waitFor(() => expect(chips()).toHaveLength(2))
    expect(chips()[1]!.textContent).toContain('logo · image/png')
    expect(api.callsTo('resources:subscribe')).toEqual([{ serverId: 'docs', uri: 'docs://readme' }])
  })

  it('badges a chip "changed" when its server says the resource changed', async () => {
    const { api, browser } = await openResources()
    fireEvent.click(within(browser).getByRole('button', { name: 'Attach README' }))
    await waitFor(() => expect(api.catalog.subscribed.size).toBe(1))
    expect(screen.queryByTestId('resource-changed')).toBeNull()
    act(() => api.emit('resources:updated', { serverId: 'docs', uri: 'docs://other' }))
    expect(screen.queryByTestId('resource-changed')).toBeNull()
    act(() => api.emit('resources:updated', { serverId: 'docs', uri: 'docs://readme' }))
    expect(within(chips()[0]!).getByTestId('resource-changed').textContent).toBe('changed')
  })

  it('removes a chip and stops following it', async () => {
    const { api, browser } = await openResources()
    fireEvent.click(within(browser).getByRole('button', { name: 'Attach README' }))
    await waitFor(() => expect(api.catalog.subscribed.size).toBe(1))
    fireEvent.click(within(chips()[0]!).getByRole('button', { name: 'Remove resource README' }))
    expect(chips()).toHaveLength(0)
    await waitFor(() => expect(api.catalog.subscribed.size).toBe(0))
    expect(api.callsTo('resources:unsubscribe')).toEqual([{ serverId: 'docs', uri: 'docs://readme' }])
    expect(within(browser).getByRole<HTMLButtonElement>('button', { name: 'Attach README' }).disabled).toBe(
      false,
    )
  })

  it('sends the attachments with the next message, then clears them and stops following', async () => {
    const { api, browser, meta } = await openResources()
    fireEvent.click(within(browser).getByRole('button', { name: 'Attach README' }))
    fireEvent.click(within(browser).getByRole('button', { name: 'Attach logo' }))
    await waitFor(() => expect(chips()).toHaveLength(2))
    const composer = screen.getByTestId('composer')
    const send = within(composer).getByRole<HTMLButtonElement>('button', { name: 'Send' })
    // Resources alone are not a message.
    expect(send.disabled).toBe(true)
    expect(composer.textContent).toContain('Write a message to go with what you attached.')

    fireEvent.change(within(composer).getByLabelText('Message'), { target: { value: 'What is in these?' } })
    fireEvent.click(send)
    await waitFor(() => expect(chips()).toHaveLength(0))
    expect(api.callsTo('chat:send')).toEqual([
      {
        id: meta.id,
        text: 'What is in these?',
        attachments: [
          { serverId: 'docs', uri: 'docs://readme' },
          { serverId: 'docs', uri: 'docs://logo.png' },
        ],
      },
    ])
    await waitFor(() => expect(api.catalog.subscribed.size).toBe(0))
  })

  it('fills a template in with suggestions and attaches what it expands to, with its size', async () => {
    const { api, browser } = await openResources()
    fireEvent.click(within(browser).getByRole('button', { name: 'Fill in page' }))
    const form = within(browser).getByRole('group', { name: 'Fill in page' })
    const slug = within(form).getByLabelText<HTMLInputElement>(/^slug/)
    await waitFor(() => expect(document.activeElement).toBe(slug))

    fireEvent.click(within(form).getByRole('button', { name: 'Attach' }))
    expect(within(form).getByRole('alert').textContent).toBe('Required to make the URI.')

    fireEvent.change(slug, { target: { value: 'in' } })
    await waitFor(() =>
      expect(
        [...form.querySelectorAll('datalist option')].map((option) => option.getAttribute('value')),
      ).toEqual(['install', 'intro']),
    )
    expect(api.callsTo('resources:complete').at(-1)).toEqual({
      serverId: 'docs',
      uriTemplate: 'docs://pages/{slug}',
      variable: 'slug',
      value: 'in',
    })

    fireEvent.change(slug, { target: { value: 'nowhere' } })
    fireEvent.keyDown(slug, { key: 'Enter' })
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'server "docs" could not read docs://pages/nowhere',
      ),
    )
    expect(chips()).toHaveLength(0)

    fireEvent.change(slug, { target: { value: 'install' } })
    fireEvent.keyDown(slug, { key: 'Enter' })
    await waitFor(() => expect(chips()).toHaveLength(1))
    // "héllo" is 6 bytes in UTF-8.
    expect(chips()[0]!.textContent).toContain('Resource: docs://pages/install · text/plain · 6 bytes')
    expect(screen.queryByRole('group', { name: 'Fill in page' })).toBeNull()
    // The server offers subscriptions (README says so), so the expansion is followed too.
    await waitFor(() => expect(api.catalog.subscribed).toEqual(new Set(['docs docs://pages/install'])))
  })

  it('attaches at most 10 resources', async () => {
    const api = resourcesApi()
    api.catalog.resources = Array.from({ length: 11 }, (_, index) =>
      resourceFixture({ serverId: 'docs', uri: `docs://r${index}`, name: `r${index}` }),
    )
    const { browser } = await openResources(api)
    for (let index = 0; index < 10; index++) {
      fireEvent.click(within(browser).getByRole('button', { name: `Attach r${index}` }))
      await waitFor(() => expect(chips()).toHaveLength(index + 1))
    }
    const eleventh = within(browser).getByRole<HTMLButtonElement>('button', { name: 'Attach r10' })
    expect(eleventh.disabled).toBe(true)
    expect(eleventh.title).toBe('At most 10 resources go with one message')
    expect(browser.textContent).toContain('(10 of 10)')
  })

  it('shows a listing failure in place, with Retry; lists again when the server announces changes', async () => {
    const api = resourcesApi()
    await renderOpenConversation([], { api })
    api.fail('resources:list', { code: 'unavailable', message: 'server "docs" timed out' })
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    const browser = within(screen.getByTestId('server-card-docs')).getByTestId('resource-browser')
    fireEvent.click(within(browser).getByText('Resources'))
    const alert = await within(browser).findByRole('alert')
    expect(alert.textContent).toBe('Could not list the resources of Docs: server "docs" timed out')

    api.succeed('resources:list')
    fireEvent.click(within(browser).getByRole('button', { name: 'Retry' }))
    await within(browser).findByRole('list', { name: 'Resources of Docs' })

    api.catalog.resources = [
      ...api.catalog.resources,
      resourceFixture({ serverId: 'docs', uri: 'docs://new', name: 'fresh' }),
    ]
    act(() => api.emit('resources:changed', { serverId: 'docs' }))
    await within(browser).findByRole('button', { name: 'Attach fresh' })
  })
})
