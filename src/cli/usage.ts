import { homedir } from 'node:os'
import { defaultHome } from '../main/core/config/home-paths'
import { PROVIDER_PRESET_IDS } from '../shared/models/model-schema'

const WIDTH = 80

/** Words filled into lines of at most WIDTH columns, each starting with `indent`. */
function wrap(text: string, indent: string): string {
  const lines: string[] = []
  let line = indent
  for (const word of text.split(' ')) {
    if (line !== indent && line.length + 1 + word.length > WIDTH) {
      lines.push(line)
      line = indent
    }
    line += line === indent ? word : ` ${word}`
  }
  return [...lines, line].join('\n')
}

/** The help text; kept within 80 columns. */
export function usage(env: NodeJS.ProcessEnv): string {
  return `Usage: mcp-desk [--home DIR] <command> [options]

Commands:
  config path [--json]
      Print the settings file path (--json: every profile path)
  config show [--json]
      Print the settings (secret values masked, plain ones shown) and the
      names of stored secrets
  web [--port N]
      Serve the MCP Desk UI on http://127.0.0.1 until interrupted (Ctrl+C);
      port 0, the default, picks a free one

  servers [--json] [--strict]
      Connect every enabled server; show name, type, status, tool count and
      why a server failed (--json: each server's full state). --strict: exit 1
      when any failed
  servers add <name> [--sampling deny|ask|allow] [--env K=V ...] [--cwd DIR]
              [--secret-env K=V ...] [--plain-env K=V ...]
              [--protocol auto|2026-07-28|2025-11-25] [--disabled]
              -- <command> [args...]
      Add a stdio server. --env K (without =V) takes the value of K from this
      shell's environment. --protocol pins the MCP era (default: negotiate)
  servers add <name> --url URL [--transport http|sse] [--header 'K: V' ...]
              [--secret-header 'K: V' ...] [--plain-header 'K: V' ...]
              [--oauth-client-id ID [--oauth-client-secret-stdin]]
              [--oauth-client-metadata-url URL]
              [--oauth-scope SCOPE ...] [--sampling ...] [--protocol ...]
              [--disabled]
      Add a remote server: Streamable HTTP (default) or legacy SSE; https, or
      http on localhost only. --oauth-client-id sets a pre-registered OAuth
      client (the secret is read from stdin); --oauth-client-metadata-url, an
      https URL used as the client id where the authorization server supports
      Client ID Metadata Documents; otherwise MCP Desk registers itself
  servers remove <name|id>
      Remove a server and the secrets it owns
  servers enable <name|id>  |  servers disable <name|id>
      Turn a server on or off
  servers tools <name|id> [--json]
      Connect one server and list its tools; exit 1 when it fails to connect.
      Tools changed since you approved them are listed apart: no model sees
      them and call refuses them until accepted
  servers accept <name|id> [--yes]
      Show a server's tool changes in full and accept them (asks first unless
      --yes); the first tools a server lists are approved on first use
  servers login <name|id>  |  servers logout <name|id>
      Sign in to a remote server that asks for OAuth: prints the address to
      open in a browser and waits (10 minutes) for its redirect to this
      computer. logout deletes the server's tokens
  call <server> <tool> [--args JSON] [--yes]
      Call one tool (its own name or its mcp_... name) with a JSON object of
      arguments. Shows where the arguments go and asks "Approve? [y/N]" on a
      terminal; --yes approves without asking. With neither, nothing is called.
      When the server asks to run a model (sampling) and its policy is ask,
      the request is shown and "Allow this sampling request? [y/N/m]" asked on
      the terminal (m: choose the model); without a terminal it is refused
  prompts <server> [--json]
      Connect one server and list its prompts with their arguments
  prompts <server> <name> [--arg NAME=VALUE ...] [--json]
      Fill in one prompt and print its messages (role, text; images, audio
      and binary resources as type and size)
  resources <server> [--json]
      Connect one server and list its resources and resource templates
  resources <server> <uri> [--json]
      Read one resource: text as it is, binary as its type and size (--json:
      the contents with base64 data)

  Servers are named by id or by name (any case). Env and header values whose
  names look secret (TOKEN, KEY, SECRET, PASSWORD, AUTH, ...) and values read
  from the shell (--env K) go to the secret store, never to settings.json;
  others are kept in settings.json in clear. --secret-env/--secret-header and
  --plain-env/--plain-header choose outright. Values typed on a command line
  may stay in your shell history (--env K avoids that).

  import <file> [--yes] [--replace] [--set NAME=VALUE ...] [--use-env]
         [--allow-sampling NAME ...] [--json]
      Import the MCP servers of another client's config file (Claude
      Desktop, Claude Code, VS Code, Cursor, Windsurf, Cline, Zed, opencode,
      Gemini CLI, Goose or Codex; at most 5 MiB and 1,000 servers). Shows
      each server as new, identical, changed or conflict, with its command
      or URL, sampling policy and env/header names, then asks "Import N
      servers? [y/N]" on a terminal; --yes imports without asking. Changed
      and conflicting servers are skipped unless --replace. Placeholders
      (\${input:id}, \${NAME}) take --set NAME=VALUE; --use-env reads env
      ones from this shell. A file's "sampling: allow" is imported as ask
      unless --allow-sampling NAME. --json prints the preview and result as
      JSON, without asking
  import <bundle.mcpb> [--yes] [--set KEY=VALUE ...] [--name NAME]
         [--replace] [--json]
      Install an MCP bundle (.mcpb/.dxt) under the profile's bundles folder
      and add its server; --set answers its settings (repeat for several
      paths), --name picks the server name, --replace upgrades the server
      of that name
  import <install link> [--yes] [--set NAME=VALUE ...] [--replace] [--json]
      Preview an install link (mcp-desk://install?…, vscode:mcp/install?…,
      cursor://anysphere.cursor-deeplink/mcp/install?…,
      cherrystudio://mcp/install?…) like the window does; its servers are
      added turned off (mcp-desk servers enable NAME runs them)
  export --format claude-desktop|vscode|cursor [--out FILE [--yes]]
      Write the servers in that client's format to stdout or FILE (--yes
      overwrites FILE); secret values become placeholders, never exported

  roots list [<server|*>] [--json]
      The folders servers may work in (MCP roots): the default set (*), which
      every server without its own list gets, and each server's folders
  roots add <server|*> <dir>  |  roots remove <server|*> <dir>
      Grant or revoke a folder (it must exist; a relative path is taken from
      the current directory). Changing a server that follows the default set
      gives it its own list, starting from the defaults. Quote '*' in a shell
  roots reset <server>
      The server drops its own list and follows the default set again

  providers add <preset> [--id ID] [--name NAME] [--base-url URL]
                [--api-key-stdin] [--header 'K: V' ...] [--chunk-timeout-ms N]
                [--model ID ...]
      Add an OpenAI-compatible model provider (custom needs --base-url).
      --api-key-stdin reads the API key from the first line of stdin, e.g.
      \`mcp-desk providers add openai --api-key-stdin < key.txt\`: keys are
      never taken from the command line. --model adds a model with the
      preset's default capabilities. --chunk-timeout-ms: silence after which
      a streamed answer counts as stalled (default 480000; 0 turns it off)
${wrap(`Presets: ${PROVIDER_PRESET_IDS.join(', ')}`, '      ')}
  providers list [--json]
      Show each provider's id, name, preset, base URL, whether its API key is
      stored, and how many models it has
  providers remove <id>
      Remove a provider with its models and the secrets it owns
  models [--json]
      List every configured model as provider/model with its input
      modalities, tool calling, context, max output, scores and price;
      * marks the default
  models discover <provider> [--add] [--json]
      Ask a provider which models it serves (GET /models); --add saves the
      ones not configured yet
  models default <provider/model>
      The model used when a sampling request's hints choose none, and by
      chat when a conversation has no model of its own

  chat [--conversation ID] [--model provider/model] [--yes]
       [--confirm-unknown] [--attach SERVER:URI ...] <message>
      One chat turn with the enabled servers' tools: the answer streams to
      stdout and the turn is saved to the transcript the window shows.
      Without --conversation a new conversation is started and its id printed
      on stderr ("Conversation: <id>"). Each MCP tool call is shown and
      "Approve? [y/N/c(onversation)]" asked on the terminal (c: this tool
      for the rest of the command); --yes approves them; with neither they
      are denied and the model is told. --model sets the conversation's
      model. After a call whose outcome is unknown, the next message needs
      --confirm-unknown. --attach reads a server's resource (up to 10) and
      attaches it; one that cannot be read stops the command with nothing
      written or sent. Ctrl+C stops the turn (exit 130)

  tools search <query> [--limit N] [--json] [--no-wait]
  tools search --query-file FILE [--no-wait]
      Search the enabled servers' tools as the model's mcp_tool_search does
      (best first, at most 20); --query-file answers each line of FILE as
      one JSON line, for scripted evaluation. Searches by words and meaning:
      it first waits (progress on stderr) until every tool has its vector,
      from the cache or computed; --no-wait searches at once, by words for
      tools without one. --json says which ranking answered

  registry search <query> [--all] [--json] [--registry URL]
      Search the saved MCP registries' servers (name, title, description,
      package) in the local index; a registry never synced, or not for an
      hour, is synced first (progress on stderr). Deprecated and deleted
      servers are left out unless --all. --registry URL searches that
      registry instead, for this command only (it is not saved)
  registry show <name> [--version V] [--json] [--registry URL]
      One server's details, versions and install options (npm, PyPI, Docker,
      MCP bundle, remote), asked of its registry; offline, what was synced
  registry list [--json]
      The saved registries with their server counts and last sync
  registry add <url> [--name NAME]  |  registry remove <url>
      Save or forget a registry (https; plain http only on this computer)
  registry install <name> [--version V] [--use npm|pypi|oci|mcpb|remote]
       [--set NAME=VALUE ...] [--yes] [--replace] [--json] [--registry URL]
      Install a registry server: the same preview as the window's Install
      (npm via npx, PyPI via uvx, Docker, an MCP bundle checked against its
      SHA-256, or a remote server), written with --yes or a "y" at the
      terminal. --set fills its inputs (API keys go to the secret store);
      missing runtimes (npx, uvx, docker) are named first. Arguments are
      passed to the server as they are, never through a shell
  registry sync [<url>] [--json]
      Fetch what changed in every saved registry (or one) since the last
      sync; exit 1 when one failed

Options:
  --home DIR      Profile folder. Default: $MCP_DESK_HOME, else the desktop
                  app's folder:
                  ${defaultHome(process.platform, env, homedir())}
  -h, --help      Show this help
  -v, --version   Show the version
`
}
