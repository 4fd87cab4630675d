import type { FakeImportFile } from './fake-imports'
import { serverInputSchema } from '../../../src/shared/mcp/server-input'

/** A Claude Desktop file as a user would drop it: one new server, one the window already has, one clash. */
export const claudeDesktopText = JSON.stringify(
  {
    mcpServers: {
      github: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' },
      },
      notes: { command: 'notes-mcp', args: ['--verbose'] },
      search: { command: 'other-search', autoApprove: ['query'] },
    },
  },
  null,
  2,
)

/** What the host answers for `claudeDesktopText` when servers "notes" and "search" exist. */
export function claudeDesktopFile(): FakeImportFile {
  return {
    preview: {
      format: 'claude-desktop',
      formatLabel: 'Claude Desktop (claude_desktop_config.json)',
      rows: [
        {
          sourceName: 'github',
          name: 'github',
          transport: 'stdio',
          destination: 'npx -y @modelcontextprotocol/server-github',
          sampling: 'ask',
          fileAllowsSampling: false,
          env: [{ name: 'GITHUB_TOKEN', secret: true }],
          headers: [],
          status: 'new',
          changes: [],
          notes: [],
          actions: ['add', 'rename', 'skip'],
          defaultAction: 'add',
        },
        {
          sourceName: 'notes',
          name: 'notes',
          transport: 'stdio',
          destination: 'notes-mcp --verbose',
          sampling: 'ask',
          fileAllowsSampling: false,
          env: [],
          headers: [],
          status: 'changed',
          existing: { id: 'notes', name: 'notes' },
          changes: [{ field: 'args', before: '', after: '--verbose' }],
          notes: [],
          actions: ['replace', 'rename', 'skip'],
          defaultAction: 'skip',
        },
        {
          sourceName: 'search',
          name: 'search',
          transport: 'stdio',
          destination: 'other-search',
          sampling: 'ask',
          fileAllowsSampling: false,
          env: [],
          headers: [],
          status: 'conflict',
          existing: { id: 'search', name: 'search' },
          changes: [{ field: 'command', before: 'search-mcp', after: 'other-search' }],
          notes: ['autoApprove is not imported: MCP Desk asks before every tool call'],
          actions: ['replace', 'rename', 'skip'],
          defaultAction: 'skip',
        },
      ],
      placeholders: [
        {
          token: '${GITHUB_TOKEN}',
          kind: 'env',
          name: 'GITHUB_TOKEN',
          secret: true,
          locations: ['github: env.GITHUB_TOKEN'],
          inEnvironment: true,
        },
      ],
      notes: [],
    },
    inputs: {
      github: serverInputSchema.parse({
        name: 'github',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_TOKEN: { value: 'from-env' } },
      }),
      notes: serverInputSchema.parse({
        name: 'notes',
        transport: 'stdio',
        command: 'notes-mcp',
        args: ['--verbose'],
      }),
      search: serverInputSchema.parse({ name: 'search', transport: 'stdio', command: 'other-search' }),
    },
  }
}

/** A File-like the store can read, as a drop or the picker hands it over. */
export function textFile(name: string, text: string) {
  const bytes = new TextEncoder().encode(text)
  return {
    name,
    size: bytes.length,
    arrayBuffer: () => Promise.resolve(bytes.buffer.slice(0)),
  }
}
