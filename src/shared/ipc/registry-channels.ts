import { z } from 'zod'
import {
  installPreviewSchema,
  linkPreviewRequestSchema,
  registryAddRequestSchema,
  registryEntryDetailSchema,
  registryEntryRequestSchema,
  registryIconSchema,
  registryInstallRequestSchema,
  registrySearchRequestSchema,
  registrySearchResultSchema,
  registryStateSchema,
} from '../registry/registry-view'

const registriesSchema = z.object({ registries: z.array(registryStateSchema) })

/** The registry browser and install links (issue 24), spread into the contract's request table. */
export const registryRequestChannels = {
  'registry:list': { request: z.object({}).strict(), response: registriesSchema },
  'registry:add': { request: registryAddRequestSchema, response: registriesSchema },
  'registry:remove': {
    request: z.object({ url: z.string().max(2048) }).strict(),
    response: registriesSchema,
  },
  /** Syncs one registry (or all) incrementally; answers when done, `registry:changed` reports progress. */
  'registry:sync': {
    request: z.object({ url: z.string().max(2048).optional() }).strict(),
    response: registriesSchema,
  },
  'registry:search': { request: registrySearchRequestSchema, response: registrySearchResultSchema },
  'registry:show': { request: registryEntryRequestSchema, response: registryEntryDetailSchema },
  'registry:icon': {
    request: z.object({ registryUrl: z.string().max(2048), name: z.string().max(200) }).strict(),
    response: registryIconSchema,
  },
  'registry:preview-install': { request: registryInstallRequestSchema, response: installPreviewSchema },
  /** An install link pasted into the window or handed over by the OS: its preview, nothing written. */
  'links:preview': { request: linkPreviewRequestSchema, response: installPreviewSchema },
} as const

export const registryEventChannels = {
  'registry:changed': registriesSchema,
  /** A link the app was opened with (second launch, `open-url`, command line): the window shows its preview. */
  'links:opened': z.object({ link: z.string() }),
} as const
