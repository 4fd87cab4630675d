import { elicitationAnswerSchema, elicitationCardSchema } from '../elicitation/elicitation-card'
import { z } from 'zod'
import { appInfoSchema } from './app-info'
import { cardChangesSchema } from './card-changes'
import {
  samplingSettingsPatchSchema,
  samplingSettingsSchema,
  secretNameSchema,
  themeSchema,
  toolSettingsSchema,
} from '../settings/settings-schema'
import { modelSavedSchema, providerViewSchema, settingsViewSchema } from '../settings/settings-view'
import { providerIdSchema } from '../models/model-schema'
import {
  discoveredModelSchema,
  modelInputSchema,
  providerInputSchema,
  providerPresetSchema,
} from '../models/provider-input'
import { serverIdSchema } from '../settings/settings-schema'
import { serverInputSchema } from '../mcp/server-input'
import { serverStateSchema, signInStartSchema } from '../mcp/server-state'
import {
  approvalDecisionSchema,
  auditEntrySchema,
  samplingCardSchema,
  samplingStreamEventSchema,
} from '../sampling/sampling-card'
import {
  chatDeltaEventSchema,
  chatToolRoundEventSchema,
  chatRecordEventSchema,
  chatTurnEventSchema,
  conversationViewSchema,
  createConversationRequestSchema,
  openConversationRequestSchema,
  renameConversationRequestSchema,
  sendMessageRequestSchema,
  setConversationModelRequestSchema,
  transcriptPageRequestSchema,
  transcriptPageSchema,
} from '../chat/chat-view'
import { conversationIdSchema, conversationMetaSchema } from '../chat/transcript-schema'
import { toolCallCardSchema, toolCallDecisionSchema } from '../chat/tool-call-card'
import {
  importApplyRequestSchema,
  importApplyResultSchema,
  importPreviewRequestSchema,
  importPreviewSchema,
} from '../import/import-preview'
import {
  bundleInspectRequestSchema,
  bundleInstallRequestSchema,
  bundleInstallResultSchema,
  bundlePreviewSchema,
} from '../import/bundle-info'
import type { IpcResult } from './ipc-error'
import { semanticStatusSchema } from '../tools/semantic-status'
import { registryEventChannels, registryRequestChannels } from './registry-channels'
import {
  completionSchema,
  promptCompleteRequestSchema,
  promptGetRequestSchema,
  promptListRequestSchema,
  promptListSchema,
  promptResultSchema,
  promptsChangedEventSchema,
} from '../mcp/prompts'
import {
  resourceListRequestSchema,
  resourceListSchema,
  resourceReadRequestSchema,
  resourceReadResultSchema,
  resourcesChangedEventSchema,
  resourceSubscriptionRequestSchema,
  resourceTemplateCompleteRequestSchema,
  resourceUpdatedEventSchema,
} from '../mcp/resources'
import {
  rootsChangeRequestSchema,
  rootsListingSchema,
  rootsListRequestSchema,
  rootsSetRequestSchema,
  rootsUseDefaultRequestSchema,
} from '../roots/roots-schema'
import {
  viewCallToolRequestSchema,
  viewDocumentSchema,
  viewModelContextRequestSchema,
  viewOpenRequestSchema,
  viewReadResourceRequestSchema,
  viewResultSchema,
  viewTryRequestSchema,
} from '../apps/view-schema'

/**
 * THE IPC contract: every request/response channel and every event channel between the renderer and the
 * host, with the zod schemas that validate them on the main side. Electron IPC, the preload's `window.api`,
 * and web mode's WebSocket are all derived from these two tables, so adding a channel is editing one table.
 */

const empty = z.object({}).strict()

export { appInfoSchema, secretBackendSchema, type AppInfo, type SecretBackend } from './app-info'

export const requestChannels = {
  'app:info': { request: empty, response: appInfoSchema },
  'settings:get': { request: empty, response: settingsViewSchema },
  'settings:update': {
    request: z.object({ appearance: z.object({ theme: themeSchema }).strict().optional() }).strict(),
    response: settingsViewSchema,
  },
  'secrets:list': { request: empty, response: z.object({ names: z.array(z.string()) }) },
  'secrets:set': {
    request: z.object({ name: secretNameSchema, value: z.string().min(1).max(65536) }).strict(),
    response: z.object({ name: z.string() }),
  },
  'secrets:delete': {
    request: z.object({ name: secretNameSchema }).strict(),
    response: z.object({ deleted: z.boolean() }),
  },
  'servers:list': { request: empty, response: z.object({ servers: z.array(serverStateSchema) }) },
  'servers:add': { request: z.object({ server: serverInputSchema }).strict(), response: serverStateSchema },
  'servers:update': {
    request: z.object({ id: serverIdSchema, server: serverInputSchema }).strict(),
    response: serverStateSchema,
  },
  'servers:remove': {
    request: z.object({ id: serverIdSchema }).strict(),
    response: z.object({ removed: z.literal(true) }),
  },
  'servers:restart': { request: z.object({ id: serverIdSchema }).strict(), response: serverStateSchema },
  'servers:set-enabled': {
    request: z.object({ id: serverIdSchema, enabled: z.boolean() }).strict(),
    response: serverStateSchema,
  },
  /**
   * The user accepted tool changes of a server as the panel showed them: each names the tool and the
   * `afterFingerprint` shown (null for a removal). All or nothing: `conflict` when one changed again since.
   */
  'servers:accept-tool-changes': {
    request: z
      .object({
        id: serverIdSchema,
        changes: z
          .array(
            z.object({ name: z.string().max(1024), fingerprint: z.string().max(128).nullable() }).strict(),
          )
          .min(1)
          .max(10_000),
      })
      .strict(),
    response: serverStateSchema,
  },
  /**
   * The user clicked Sign in: the host discovers the authorization server, registers if needed, starts the
   * loopback redirect listener and returns the authorization URL, which the renderer opens on that click
   * (the desktop window's open handler sends it to the system browser; web mode opens a new tab).
   */
  'servers:sign-in': {
    request: z.object({ id: serverIdSchema }).strict(),
    response: signInStartSchema,
  },
  'servers:cancel-sign-in': {
    request: z.object({ id: serverIdSchema }).strict(),
    response: serverStateSchema,
  },
  /** Forgets the server's tokens (and a dynamically registered client) and disconnects it. */
  'servers:sign-out': {
    request: z.object({ id: serverIdSchema }).strict(),
    response: serverStateSchema,
  },
  'providers:presets': { request: empty, response: z.object({ presets: z.array(providerPresetSchema) }) },
  'providers:add': {
    request: z.object({ provider: providerInputSchema }).strict(),
    response: providerViewSchema,
  },
  'providers:update': {
    request: z.object({ id: providerIdSchema, provider: providerInputSchema }).strict(),
    response: providerViewSchema,
  },
  'providers:remove': {
    request: z.object({ id: providerIdSchema }).strict(),
    response: z.object({ removed: z.literal(true) }),
  },
  'models:discover': {
    request: z.object({ providerId: providerIdSchema }).strict(),
    response: z.object({ models: z.array(discoveredModelSchema) }),
  },
  'models:save': {
    request: z.object({ providerId: providerIdSchema, model: modelInputSchema }).strict(),
    /** `becameDefault`: the first model added became the default model. */
    response: modelSavedSchema,
  },
  'models:remove': {
    request: z.object({ providerId: providerIdSchema, modelId: z.string().min(1) }).strict(),
    response: providerViewSchema,
  },
  'models:set-default': {
    request: z.object({ ref: z.string().min(3) }).strict(),
    response: z.object({ defaultModel: z.string() }),
  },
  /** Every pending approval card, and the `seq` of the last `approvals:changed` delta it includes. */
  'approvals:list': {
    request: empty,
    response: z.object({ approvals: z.array(samplingCardSchema), seq: z.number().int().nonnegative() }),
  },
  'approvals:decide': {
    request: z.object({ id: z.string().min(1), decision: approvalDecisionSchema }).strict(),
    response: z.object({ accepted: z.literal(true) }),
  },
  /** Stops a sampling completion while it streams (the card's Stop button); the server gets RequestTimeout. */
  'sampling:stop': {
    request: z.object({ id: z.string().min(1) }).strict(),
    response: z.object({ stopped: z.boolean() }),
  },
  'sampling:activity': {
    request: z.object({ limit: z.number().int().min(1).max(1000).default(200) }).strict(),
    response: z.object({ entries: z.array(auditEntrySchema) }),
  },
  'sampling:update-settings': {
    request: samplingSettingsPatchSchema,
    response: samplingSettingsSchema,
  },
  /** Tool search mode (off | always | auto); per-server "always loaded" is part of the server's config. */
  'tools:update-settings': {
    request: toolSettingsSchema.partial().strict(),
    response: toolSettingsSchema,
  },
  /** Tool search's semantic layer: its state, vector source and how many tools have vectors. */
  'tools:semantic-status': { request: empty, response: semanticStatusSchema },
  /** Parses another client's MCP config (text read by the renderer) and says what importing would do. */
  'import:preview': { request: importPreviewRequestSchema, response: importPreviewSchema },
  /** Writes the servers the user chose from a preview; nothing is written when anything is refused. */
  'import:apply': { request: importApplyRequestSchema, response: importApplyResultSchema },
  /** Validates a dropped `.mcpb` bundle's manifest and returns its user_config form; nothing is unpacked. */
  'import:inspect-bundle': { request: bundleInspectRequestSchema, response: bundlePreviewSchema },
  /** Unpacks an inspected bundle into the profile and adds its server with the form's answers. */
  'import:install-bundle': { request: bundleInstallRequestSchema, response: bundleInstallResultSchema },
  /** Folders servers may work in (MCP roots); target `*` is the default set. Connected servers whose
   *  folders change get roots/list_changed; the new lists also arrive with settings:changed. */
  'roots:list': { request: rootsListRequestSchema, response: rootsListingSchema },
  'roots:grant': { request: rootsChangeRequestSchema, response: rootsListingSchema },
  'roots:revoke': { request: rootsChangeRequestSchema, response: rootsListingSchema },
  'roots:set': { request: rootsSetRequestSchema, response: rootsListingSchema },
  'roots:use-default': { request: rootsUseDefaultRequestSchema, response: rootsListingSchema },
  /** Questions servers are waiting on (elicitation/create), form or URL, with the `seq` of the last
   *  `elicitation:changed` delta included. */
  'elicitation:list': {
    request: empty,
    response: z.object({
      elicitations: z.array(elicitationCardSchema),
      seq: z.number().int().nonnegative(),
    }),
  },
  /** Accepting a form applies defaults and checks the schema; failure = validation_failed with data.issues. */
  'elicitation:answer': { request: elicitationAnswerSchema, response: z.object({ sent: z.literal(true) }) },
  /** Closes an opened URL card still waiting for a completion notice (or any card, which then counts as cancel). */
  'elicitation:dismiss': {
    request: z.object({ id: z.string().min(1) }).strict(),
    response: z.object({ dismissed: z.literal(true) }),
  },
  /** Connected servers' prompts as `server:prompt` (all of them, or one server's); failing servers apart. */
  'prompts:list': { request: promptListRequestSchema, response: promptListSchema },
  /** Fills in a prompt (required arguments checked first) as messages a chat turn can insert. */
  'prompts:get': { request: promptGetRequestSchema, response: promptResultSchema },
  /** Suggested values for one prompt argument (completion/complete); empty without server support. */
  'prompts:complete': { request: promptCompleteRequestSchema, response: completionSchema },
  /** Connected servers' resources and resource templates (all of them, or one server's). */
  'resources:list': { request: resourceListRequestSchema, response: resourceListSchema },
  /** Reads a resource (or a filled-in template) in attachment form, under the 1 MiB text / 10 MiB limits. */
  'resources:read': { request: resourceReadRequestSchema, response: resourceReadResultSchema },
  /** Suggested values for one variable of a resource template. */
  'resources:complete': { request: resourceTemplateCompleteRequestSchema, response: completionSchema },
  /** Follows a resource: its changes arrive as resources:updated, also after the server reconnects. */
  'resources:subscribe': {
    request: resourceSubscriptionRequestSchema,
    response: z.object({ subscribed: z.literal(true) }),
  },
  'resources:unsubscribe': {
    request: resourceSubscriptionRequestSchema,
    response: z.object({ unsubscribed: z.literal(true) }),
  },
  'chat:list': { request: empty, response: z.object({ conversations: z.array(conversationMetaSchema) }) },
  'chat:create': { request: createConversationRequestSchema, response: conversationMetaSchema },
  'chat:rename': { request: renameConversationRequestSchema, response: conversationMetaSchema },
  'chat:set-model': { request: setConversationModelRequestSchema, response: conversationMetaSchema },
  'chat:delete': {
    request: z.object({ id: conversationIdSchema }).strict(),
    response: z.object({ deleted: z.literal(true) }),
  },
  'chat:open': { request: openConversationRequestSchema, response: conversationViewSchema },
  /** Older records of a conversation opened with a tail (see openConversationRequestSchema). */
  'chat:records': { request: transcriptPageRequestSchema, response: transcriptPageSchema },
  /**
   * Starts a turn and answers once it is running (its records and text arrive as events). Refused with
   * `conflict` while a turn runs in the conversation, or while an unknown outcome awaits confirmation.
   */
  'chat:send': { request: sendMessageRequestSchema, response: z.object({ turnId: z.string() }) },
  /** Stops the running turn: the provider request and any in-flight tool call are aborted. */
  'chat:stop': {
    request: z.object({ id: conversationIdSchema }).strict(),
    response: z.object({ stopped: z.boolean() }),
  },
  'chat:tool-calls': { request: empty, response: z.object({ cards: z.array(toolCallCardSchema) }) },
  'chat:decide-tool-call': {
    request: z.object({ id: z.string().min(1), decision: toolCallDecisionSchema }).strict(),
    response: z.object({ accepted: z.literal(true) }),
  },
  /** MCP Apps: the approved HTML of a tool's view (refused while its definition waits for review). */
  'views:open': { request: viewOpenRequestSchema, response: viewDocumentSchema },
  /** A view's tools/call: its own server, app-visible tools, through a tool-call card ("from the view of"). */
  'views:call-tool': { request: viewCallToolRequestSchema, response: viewResultSchema },
  /** A view's resources/read: its own server only. */
  'views:read-resource': { request: viewReadResourceRequestSchema, response: viewResultSchema },
  /** A view's ui/update-model-context: kept for the conversation's next message. */
  'views:update-model-context': {
    request: viewModelContextRequestSchema,
    response: z.object({ stored: z.literal(true) }),
  },
  /** The servers panel's "Open view": the user calls the tool; the result is shown in its view. */
  'views:try': { request: viewTryRequestSchema, response: viewResultSchema },
  /** A view was taken down: its cards are closed (denied) and its approvals forgotten. */
  'views:closed': {
    request: z.object({ instanceId: z.string().min(1).max(100) }).strict(),
    response: z.object({ closed: z.literal(true) }),
  },
  ...registryRequestChannels,
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>

export const eventChannels = {
  ...registryEventChannels,
  'settings:changed': settingsViewSchema,
  /** settings.json became unusable (`problem`) or usable again (null); see AppInfo.settingsProblem. */
  'settings:problem': z.object({ problem: z.string().nullable() }),
  'secrets:changed': z.object({ names: z.array(z.string()) }),
  'servers:changed': z.object({ servers: z.array(serverStateSchema) }),
  /** What changed among the pending approval cards (the tray and the bell count them), as a numbered delta;
   *  a renderer that misses a number asks `approvals:list` again (see card-changes.ts). */
  'approvals:changed': cardChangesSchema(samplingCardSchema),
  /** Text as a sampling completion streams, for the card that approved it. */
  'sampling:stream': samplingStreamEventSchema,
  'sampling:activity': z.object({ entry: auditEntrySchema }),
  /** The user clicked a notification or tray item: bring this approval card into view. */
  'approvals:focus': z.object({ id: z.string() }),
  /** The conversation list changed (created, renamed, model chosen, deleted, or a turn appended to one). */
  'chat:conversations': z.object({ conversations: z.array(conversationMetaSchema) }),
  /** A server's prompt list changed: list its prompts again. */
  'prompts:changed': promptsChangedEventSchema,
  /** A server's resource list changed: list its resources again. */
  'resources:changed': resourcesChangedEventSchema,
  /** A followed resource changed on its server: badge it where it is attached. */
  'resources:updated': resourceUpdatedEventSchema,
  'chat:record': chatRecordEventSchema,
  'chat:delta': chatDeltaEventSchema,
  'chat:tool-round': chatToolRoundEventSchema,
  'chat:turn': chatTurnEventSchema,
  /** Every tool-call card waiting for a decision (the bell and the tray count these with sampling's). */
  'chat:tool-calls': z.object({ cards: z.array(toolCallCardSchema) }),
  /** What changed among the questions on show, as a numbered delta (see card-changes.ts). */
  'elicitation:changed': cardChangesSchema(elicitationCardSchema),
  'tools:semantic-status': semanticStatusSchema,
} as const satisfies Record<string, z.ZodType>

export type RequestChannel = keyof typeof requestChannels
export type EventChannel = keyof typeof eventChannels
/** What a caller passes (defaults not yet applied). */
export type RequestOf<C extends RequestChannel> = z.input<(typeof requestChannels)[C]['request']>
/** What a handler receives (after validation). */
export type ParsedRequestOf<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['request']>
export type ResponseOf<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['response']>
export type EventOf<E extends EventChannel> = z.output<(typeof eventChannels)[E]>

export const requestChannelNames = Object.keys(requestChannels) as RequestChannel[]
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[]

export function isRequestChannel(name: unknown): name is RequestChannel {
  return typeof name === 'string' && Object.hasOwn(requestChannels, name)
}
export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name)
}

/** The API the renderer sees, whether it comes from the preload (desktop) or a WebSocket (web mode). */
export interface DeskApi {
  invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void
}

/** Electron channel names are namespaced so they never collide with Electron's or a library's own. */
export const electronInvokeChannel = (channel: RequestChannel): string => `mcp-desk:invoke:${channel}`
export const electronEventChannel = (event: EventChannel): string => `mcp-desk:event:${event}`
