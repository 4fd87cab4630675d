import type { DeskApi } from '../../../shared/ipc/contract'
import type { Completion, PromptArgumentValues } from '../../../shared/mcp/prompts'
import type { ResourceInfo, ResourceList, ResourceTemplateInfo } from '../../../shared/mcp/resources'
import type { Call } from '../ipc/client'
import { askHost, type HostAnswer } from '../app/host-answer'
import { argumentsToSend } from '../prompts/prompt-picker-model'
import {
  ATTACHMENTS_LIMIT,
  contentsSize,
  sameResource,
  type AttachedResource,
} from './resource-attachments-model'

export interface ResourceAttachmentsState {
  /** The resources that go with the next message, in the order attached. */
  attachments: AttachedResource[]
  /** Bumped per server id by resources:changed, so an open resource browser lists again. */
  resourceListRevisions: Record<string, number>
}

export interface ResourceAttachmentsActions {
  listResources: (serverId: string) => Promise<HostAnswer<ResourceList>>
  completeTemplateVariable: (
    template: ResourceTemplateInfo,
    variable: string,
    value: string,
    context: PromptArgumentValues,
  ) => Promise<HostAnswer<Completion>>
  /** Adds the chip, then follows changes when the server offers subscriptions. */
  attachResource: (resource: ResourceInfo) => Promise<HostAnswer<AttachedResource>>
  /** Reads the filled-in template (the host expands it and checks it can be read) and attaches the result. */
  attachTemplate: (
    template: ResourceTemplateInfo,
    values: PromptArgumentValues,
    options: { subscribable: boolean },
  ) => Promise<HostAnswer<AttachedResource>>
  detachResource: (serverId: string, uri: string) => void
  /** The message went: the chips go, and their changes are no longer followed. */
  clearAttachments: () => void
}

export interface ResourceAttachmentsDeps {
  api: DeskApi
  call: Call
  get: () => ResourceAttachmentsState
  set: (state: Partial<ResourceAttachmentsState>) => void
  report: (context: string, error: unknown) => unknown
}

export function initialResourceAttachmentsState(): ResourceAttachmentsState {
  return { attachments: [], resourceListRevisions: {} }
}

const limitMessage = `At most ${ATTACHMENTS_LIMIT} resources can go with one message; remove one first.`

/**
 * Resources attached to the next message. Each is sent by reference (server and URI): the host reads it
 * when the message goes, so a resource that changed after it was attached is sent as it is then, and the
 * chip's `changed` badge says so. Changes are followed only while a resource is attached.
 */
export function createResourceAttachmentsActions(
  deps: ResourceAttachmentsDeps,
): ResourceAttachmentsActions & {
  follow: () => Array<() => void>
} {
  const { api, call, get, set, report } = deps

  const update = (target: { serverId: string; uri: string }, change: Partial<AttachedResource>) =>
    set({
      attachments: get().attachments.map((attached) =>
        sameResource(attached, target) ? { ...attached, ...change } : attached,
      ),
    })

  const isAttached = (target: { serverId: string; uri: string }) =>
    get().attachments.some((attached) => sameResource(attached, target))

  const unfollow = (attached: { serverId: string; uri: string }) =>
    call('resources:unsubscribe', { serverId: attached.serverId, uri: attached.uri }).catch((error) =>
      report(`Could not stop following ${attached.uri}`, error),
    )

  /** Subscribes; a chip removed while the answer was on its way is unsubscribed again. */
  const followChanges = async (attached: AttachedResource) => {
    try {
      await call('resources:subscribe', { serverId: attached.serverId, uri: attached.uri })
      if (isAttached(attached)) update(attached, { following: true, followError: undefined })
      else await unfollow(attached)
    } catch (error) {
      if (isAttached(attached)) {
        update(attached, { followError: error instanceof Error ? error.message : String(error) })
      }
    }
  }

  const attach = async (
    attached: AttachedResource,
    subscribable: boolean,
  ): Promise<HostAnswer<AttachedResource>> => {
    const existing = get().attachments.find((candidate) => sameResource(candidate, attached))
    if (existing) return { ok: true, value: existing }
    if (get().attachments.length >= ATTACHMENTS_LIMIT) return { ok: false, message: limitMessage }
    set({ attachments: [...get().attachments, attached] })
    if (subscribable) await followChanges(attached)
    return { ok: true, value: get().attachments.find((candidate) => sameResource(candidate, attached))! }
  }

  return {
    follow: () => [
      api.on('resources:updated', (event) => {
        if (isAttached(event)) update(event, { changed: true })
      }),
      api.on('resources:changed', ({ serverId }) => {
        const revisions = get().resourceListRevisions
        set({ resourceListRevisions: { ...revisions, [serverId]: (revisions[serverId] ?? 0) + 1 } })
      }),
    ],

    listResources: (serverId) => askHost(() => call('resources:list', { serverId })),

    completeTemplateVariable: (template, variable, value, context) =>
      askHost(() =>
        call('resources:complete', {
          serverId: template.serverId,
          uriTemplate: template.uriTemplate,
          variable,
          value,
          ...(Object.keys(context).length > 0 ? { context } : {}),
        }),
      ),

    attachResource: (resource) =>
      attach(
        {
          serverId: resource.serverId,
          serverName: resource.serverName,
          uri: resource.uri,
          name: resource.title ?? resource.name,
          ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
          ...(resource.size !== undefined ? { size: resource.size } : {}),
          following: false,
          changed: false,
        },
        resource.subscribable,
      ),

    async attachTemplate(template, values, { subscribable }) {
      if (get().attachments.length >= ATTACHMENTS_LIMIT) return { ok: false, message: limitMessage }
      const read = await askHost(() =>
        call('resources:read', {
          serverId: template.serverId,
          template: { uriTemplate: template.uriTemplate, variables: argumentsToSend(values) },
        }),
      )
      if (!read.ok) return read
      const { uri, serverName, contents } = read.value
      const mimeType = contents[0]?.mimeType ?? template.mimeType
      return attach(
        {
          serverId: template.serverId,
          serverName,
          uri,
          // Two fillings of one template differ only by their URI, so the URI is the name.
          name: uri,
          ...(mimeType ? { mimeType } : {}),
          size: contentsSize(contents),
          following: false,
          changed: false,
        },
        subscribable,
      )
    },

    detachResource(serverId, uri) {
      const attached = get().attachments.find((candidate) => sameResource(candidate, { serverId, uri }))
      if (!attached) return
      set({ attachments: get().attachments.filter((candidate) => candidate !== attached) })
      if (attached.following) void unfollow(attached)
    },

    clearAttachments() {
      const followed = get().attachments.filter((attached) => attached.following)
      set({ attachments: [] })
      for (const attached of followed) void unfollow(attached)
    },
  }
}
