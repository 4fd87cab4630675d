import { z } from 'zod'
import { serverIdSchema } from '../settings/settings-schema'
import { promptArgumentValuesSchema, serverListFailureSchema } from './prompts'

/**
 * Resources and resource templates that connected MCP servers expose, as the resource browser, the
 * attachments of the next message and the CLI see them. Contents are the server's own and untrusted.
 */

const KiB = 1024
const MiB = 1024 * KiB
/** The most text one read may return to be attached (it goes into the model's context whole). */
export const RESOURCE_TEXT_LIMIT_BYTES = MiB
/** The most binary data one read may return (decoded), e.g. an image the model may take. */
export const RESOURCE_BLOB_LIMIT_BYTES = 10 * MiB

export const resourceInfoSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** The size the server announces, in bytes (before reading; not checked). */
  size: z.number().nonnegative().optional(),
  /** Whether the server sends `notifications/resources/updated` to subscribers. */
  subscribable: z.boolean(),
})
export type ResourceInfo = z.infer<typeof resourceInfoSchema>

export const resourceTemplateInfoSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  /** RFC 6570, e.g. `demo://resource/dynamic/text/{resourceId}`. */
  uriTemplate: z.string(),
  /**
   * The template's variables, in order: the fields of the form that fills it in. Query-style ones
   * (`{?q}`, `{&page}`) may be left empty; the others are needed to make a URI.
   */
  variables: z.array(z.object({ name: z.string(), required: z.boolean() })),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** Whether the server answers completion/complete for the variables. */
  completions: z.boolean(),
})
export type ResourceTemplateInfo = z.infer<typeof resourceTemplateInfoSchema>

export const resourceListSchema = z.object({
  resources: z.array(resourceInfoSchema),
  templates: z.array(resourceTemplateInfoSchema),
  failures: z.array(serverListFailureSchema),
})
export type ResourceList = z.infer<typeof resourceListSchema>

/** Without a server id: every connected server's resources and templates. */
export const resourceListRequestSchema = z.object({ serverId: serverIdSchema.optional() }).strict()

const uriSchema = z.string().min(1).max(8192)

export const resourceTemplateFillSchema = z
  .object({ uriTemplate: uriSchema, variables: promptArgumentValuesSchema })
  .strict()
export type ResourceTemplateFill = z.infer<typeof resourceTemplateFillSchema>

/** Reads a resource by its URI, or a template filled in with values for its variables. */
export const resourceReadRequestSchema = z
  .object({
    serverId: serverIdSchema,
    uri: uriSchema.optional(),
    template: resourceTemplateFillSchema.optional(),
  })
  .strict()
  .refine((request) => (request.uri === undefined) !== (request.template === undefined), {
    message: 'give either uri or template',
  })

/** Read content in the form the next message attaches: text inline, binary as base64 data. */
export const resourceContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('blob'),
    uri: z.string(),
    mimeType: z.string().optional(),
    /** Base64, without a `data:` prefix. */
    data: z.string(),
    /** Decoded size. */
    bytes: z.number().int().nonnegative(),
  }),
])
export type ResourceContent = z.infer<typeof resourceContentSchema>

export const resourceReadResultSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  /** The URI that was read (a filled-in template's expansion), the one to subscribe to. */
  uri: z.string(),
  contents: z.array(resourceContentSchema),
})
export type ResourceReadResult = z.infer<typeof resourceReadResultSchema>

export const resourceSubscriptionRequestSchema = z
  .object({ serverId: serverIdSchema, uri: uriSchema })
  .strict()

export const resourceTemplateCompleteRequestSchema = z
  .object({
    serverId: serverIdSchema,
    uriTemplate: uriSchema,
    variable: z.string().min(1).max(200),
    value: z.string().max(4096),
    /** Variables already filled in. */
    context: promptArgumentValuesSchema.optional(),
  })
  .strict()

/** A subscribed resource changed on its server (`notifications/resources/updated`): badge it, read again. */
export const resourceUpdatedEventSchema = z.object({ serverId: z.string(), uri: z.string() })
export type ResourceUpdatedEvent = z.infer<typeof resourceUpdatedEventSchema>

/** A server's resource list changed (`notifications/resources/list_changed`): list again. */
export const resourcesChangedEventSchema = z.object({ serverId: z.string() })
export type ResourcesChangedEvent = z.infer<typeof resourcesChangedEventSchema>
