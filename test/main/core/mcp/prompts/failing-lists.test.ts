import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { catalogServer, spawnCommandFor, startCatalogHost, type CatalogHost } from './catalog-host'

let host: CatalogHost
beforeAll(async () => {
  host = await startCatalogHost({ fixture: spawnCommandFor('fixture'), broken: catalogServer(['--failing']) })
})
afterAll(() => host.shutdown())

describe('a server whose lists fail', () => {
  it('is reported beside the other servers, which are still listed', async () => {
    const prompts = await host.prompts.list()
    expect(prompts.prompts.map((prompt) => prompt.key)).toEqual(['fixture:greet'])
    expect(prompts.failures).toEqual([
      {
        serverId: 'broken',
        serverName: 'broken',
        reason: expect.stringMatching(
          /^server "broken" could not list its prompts: .*the prompt catalog is offline/,
        ) as unknown,
      },
    ])
    const resources = await host.resources.list()
    expect(resources.resources.map((resource) => resource.uri)).toEqual(['fixture://readme'])
    expect(resources.failures).toEqual([
      {
        serverId: 'broken',
        serverName: 'broken',
        reason: expect.stringContaining('the resource catalog is offline') as unknown,
      },
    ])
  })

  it('fails a list of that server alone', async () => {
    await expect(host.prompts.list('broken')).rejects.toBeInstanceOf(IpcFailure)
    await expect(host.resources.list('broken')).rejects.toThrow(/could not list its resources/)
  })

  it('is asked again next time rather than keeping the failure', async () => {
    await expect(host.prompts.get('broken', 'plain')).rejects.toThrow(/the prompt catalog is offline/)
    await expect(host.prompts.get('broken', 'plain')).rejects.toThrow(/the prompt catalog is offline/)
  })
})
