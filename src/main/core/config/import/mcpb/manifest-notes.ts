import { KNOWN_MANIFEST_VERSIONS, manifestVersionOf, type Manifest } from './manifest-schema'

/**
 * What a manifest asks for that MCP Desk does not do, said before the user installs it: unchecked
 * compatibility requirements, a platform the bundle was not made for, informational tool and prompt
 * lists, and a signature that is not verified.
 */
export function manifestNotes(
  manifest: Manifest,
  context: { platform: NodeJS.Platform; signed: boolean },
): string[] {
  const notes: string[] = []
  const version = manifestVersionOf(manifest)
  if (!(KNOWN_MANIFEST_VERSIONS as readonly string[]).includes(version)) {
    notes.push(
      `Manifest version ${version} is not one MCP Desk knows (${KNOWN_MANIFEST_VERSIONS.join(', ')}); ` +
        'fields it does not know are ignored.',
    )
  }
  const compatibility = manifest.compatibility
  const platforms = compatibility?.platforms
  if (platforms !== undefined && !platforms.includes(context.platform as (typeof platforms)[number])) {
    notes.push(
      `The bundle is made for ${platforms.join(', ')}; this computer is ${context.platform}, so the server may not start.`,
    )
  }
  for (const [runtime, range] of Object.entries(compatibility?.runtimes ?? {})) {
    notes.push(`It asks for ${runtime} ${range}; MCP Desk does not check runtime versions.`)
  }
  for (const [client, range] of Object.entries(compatibility ?? {})) {
    if (client === 'platforms' || client === 'runtimes' || typeof range !== 'string') continue
    notes.push(`It asks for ${client} ${range}; client version requirements are not checked.`)
  }
  const tools = manifest.tools ?? []
  if (tools.length > 0 || manifest.tools_generated) {
    const listed =
      tools.length > 0 ? `lists ${tools.length} tool(s) (${tools.map((t) => t.name).join(', ')})` : ''
    const generated = manifest.tools_generated ? 'says it generates tools at run time' : ''
    notes.push(
      `The manifest ${[listed, generated].filter(Boolean).join(' and ')}: informational only, the tools ` +
        'shown are the ones the server reports when it connects.',
    )
  }
  const prompts = manifest.prompts ?? []
  if (prompts.length > 0) {
    notes.push(
      `The manifest lists ${prompts.length} prompt(s) (${prompts.map((p) => p.name).join(', ')}); ` +
        'manifest prompts are not imported.',
    )
  }
  if (manifest.server.type === 'uv' && manifest.server.mcp_config === undefined) {
    notes.push('A uv server without mcp_config: it is started as `uv run`, with uv from PATH.')
  }
  if (context.signed) notes.push('The bundle is signed; MCP Desk does not verify bundle signatures.')
  return notes
}
