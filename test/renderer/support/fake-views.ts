import type { RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { ViewDocument } from '../../../src/shared/apps/view-schema'

type Answer<C extends Parameters<FakeViews['answer']>[0]> = Promise<IpcResult<ResponseOf<C>>>

/** A view document as `views:open` answers it, for `FakeViews.documents`. */
export function viewDocumentFixture(overrides: Partial<ViewDocument> = {}): ViewDocument {
  return {
    serverId: 'clock',
    serverName: 'Clock',
    toolName: 'get-time',
    resourceUri: 'ui://clock/view.html',
    html: '<!doctype html><p>time</p>',
    fingerprint: 'f'.repeat(64),
    csp: {},
    permissions: {},
    ...overrides,
  }
}

/**
 * The host's side of tool views (MCP Apps), in memory: the documents it would open (keyed
 * `serverId/toolName`), what a view's calls answer (or that they are denied), and what was asked.
 */
export class FakeViews {
  readonly documents = new Map<string, ViewDocument>()
  /** What `views:open` refuses, e.g. a view that changed and waits for review. */
  readonly refusals = new Map<string, string>()
  /** Tool results by tool name for views:call-tool and views:try; absent tools are denied. */
  readonly results = new Map<string, Record<string, unknown>>()
  readonly resources = new Map<string, Record<string, unknown>>()
  readonly modelContext = new Map<string, RequestOf<'views:update-model-context'>>()
  readonly closed: string[] = []
  /** Calls held until `releaseCalls()`: to see several outstanding at once. */
  holdCalls = false
  readonly #held: Array<() => void> = []

  answer(
    channel:
      | 'views:open'
      | 'views:call-tool'
      | 'views:read-resource'
      | 'views:update-model-context'
      | 'views:try'
      | 'views:closed',
    request: unknown,
  ): Promise<IpcResult<unknown>> {
    switch (channel) {
      case 'views:open':
        return this.open(request as RequestOf<'views:open'>)
      case 'views:call-tool':
        return this.callTool(request as RequestOf<'views:call-tool'>)
      case 'views:read-resource': {
        const { uri } = request as RequestOf<'views:read-resource'>
        const result = this.resources.get(uri)
        return result ? ok({ result }) : fail('not_found', `no resource ${uri}`)
      }
      case 'views:update-model-context': {
        const update = request as RequestOf<'views:update-model-context'>
        this.modelContext.set(update.view.instanceId, update)
        return ok({ stored: true as const })
      }
      case 'views:try': {
        const { toolName } = request as RequestOf<'views:try'>
        const result = this.results.get(toolName)
        return result ? ok({ result }) : fail('conflict', `${toolName} was refused`)
      }
      case 'views:closed':
        this.closed.push((request as RequestOf<'views:closed'>).instanceId)
        return ok({ closed: true as const })
    }
  }

  releaseCalls(): void {
    this.holdCalls = false
    for (const resume of this.#held.splice(0)) resume()
  }

  private open({ serverId, toolName }: RequestOf<'views:open'>): Answer<'views:open'> {
    const key = `${serverId}/${toolName}`
    const refusal = this.refusals.get(key)
    if (refusal) return fail('conflict', refusal)
    const document = this.documents.get(key)
    return document ? ok(document) : fail('not_found', `${toolName} has no view`)
  }

  private async callTool({ toolName }: RequestOf<'views:call-tool'>): Answer<'views:call-tool'> {
    if (this.holdCalls) await new Promise<void>((resume) => this.#held.push(resume))
    const result = this.results.get(toolName)
    return result
      ? ok({ result: result as Record<string, never> })
      : fail('conflict', `The user denied ${toolName}`)
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

function fail(code: 'not_found' | 'conflict', message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}
