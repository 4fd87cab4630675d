import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'
import { seededRandom } from '../support/seeded-random'

/**
 * Larger catalogs for timing, made deterministically from the real one: copy k of real tool t lives on
 * server `<server>-k`, keeps the tool's name with a `_v<k>` suffix, and gets its description with two
 * words swapped in from other real tools (picked by a seeded generator), so the vocabulary and the
 * posting lists grow the way they would with more real servers instead of repeating exactly.
 */

export function syntheticCatalog(real: readonly SearchableTool[], size: number, seed = 42): SearchableTool[] {
  if (real.length === 0) throw new Error('syntheticCatalog needs at least one real tool')
  const random = seededRandom(seed)
  const vocabulary = [...new Set(real.flatMap((tool) => tool.description.split(/\s+/)))].filter((word) =>
    /^[A-Za-z]{4,}$/.test(word),
  )
  const pick = (): string => vocabulary[Math.floor(random() * vocabulary.length)] ?? 'tool'
  const tools: SearchableTool[] = []
  for (let i = 0; i < size; i += 1) {
    const source = real[i % real.length]
    if (!source) continue
    const copy = Math.floor(i / real.length)
    if (copy === 0) {
      tools.push(source)
      continue
    }
    const serverId = `${source.serverId}-${copy}`
    const words = source.description.split(/\s+/)
    for (let swap = 0; swap < 2 && words.length > 0; swap += 1) {
      words[Math.floor(random() * words.length)] = pick()
    }
    tools.push({
      ...source,
      key: `mcp_${serverId}_${source.name}_v${copy}`.slice(0, 64),
      serverId,
      serverName: `${source.serverName} ${copy}`,
      name: `${source.name}_v${copy}`,
      description: words.join(' '),
    })
  }
  return tools
}

/** Groups tools by server, as the host hands them to the index. */
export function byServer(tools: readonly SearchableTool[]): Map<string, SearchableTool[]> {
  const grouped = new Map<string, SearchableTool[]>()
  for (const tool of tools) grouped.set(tool.serverId, [...(grouped.get(tool.serverId) ?? []), tool])
  return grouped
}
