import { z } from 'zod'
import { serverIdSchema } from '../settings/settings-schema'

/** Whose roots: one server by id, or `*`, the default set every server without its own list gets. */
export const rootsTargetSchema = z.union([z.literal('*'), serverIdSchema])
export type RootsTarget = z.infer<typeof rootsTargetSchema>

/**
 * A folder as the user typed or picked it. Only its shape is checked here; the main process resolves it
 * and checks that it is an absolute path to an existing folder, and names the path when it is not.
 */
const folderInputSchema = z.string().min(1).max(4096)

/** `roots:grant` and `roots:revoke`: one folder for one target. */
export const rootsChangeRequestSchema = z
  .object({ target: rootsTargetSchema, folder: folderInputSchema })
  .strict()
export type RootsChangeRequest = z.infer<typeof rootsChangeRequestSchema>

/** `roots:set`: replaces the target's whole list (an empty list shares no folder with that server). */
export const rootsSetRequestSchema = z
  .object({ target: rootsTargetSchema, folders: z.array(folderInputSchema).max(1000) })
  .strict()
export type RootsSetRequest = z.infer<typeof rootsSetRequestSchema>

/** `roots:use-default`: the server drops its own list and follows the default set again. */
export const rootsUseDefaultRequestSchema = z.object({ serverId: serverIdSchema }).strict()

export const rootsListRequestSchema = z.object({ target: rootsTargetSchema }).strict()

/**
 * The folders a target gets. `source` says where they come from: `server` (its own list), `default`
 * (a server following the default set) or `*` (the default set itself).
 */
export const rootsListingSchema = z.object({
  target: rootsTargetSchema,
  folders: z.array(z.string()),
  source: z.enum(['server', 'default', '*']),
})
export type RootsListing = z.infer<typeof rootsListingSchema>
