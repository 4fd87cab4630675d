import { homedir } from 'node:os'
import { defaultHome } from '../main/core/config/home-paths'

/** The help text; kept within 80 columns. */
export function usage(env: NodeJS.ProcessEnv): string {
  return `Usage: mcp-desk [--home DIR] <command> [options]

Commands:
  config path [--json]
      Print the settings file path (--json: every profile path)
  config show [--json]
      Print the settings (env and header values masked) and the names of
      stored secrets
  web [--port N]
      Serve the MCP Desk UI on http://127.0.0.1 until interrupted (Ctrl+C);
      port 0, the default, picks a free one

  servers [--json] [--strict]
      Connect every enabled server; show name, type, status, tool count and
      why a server failed (--json: each server's full state). --strict: exit 1
      when any failed
  servers add <name> [--sampling deny|ask|allow] [--env K=V ...] [--cwd DIR]
              [--disabled] -- <command> [args...]
      Add a stdio server. --env K (without =V) takes the value of K from this
      shell's environment
  servers add <name> --url URL [--header 'K: V' ...] [--sampling ...]
              [--disabled]
      Add a remote server (Streamable HTTP; https, or http on localhost only)
  servers remove <name|id>
      Remove a server and the secrets it owns
  servers enable <name|id>  |  servers disable <name|id>
      Turn a server on or off
  servers tools <name|id> [--json]
      Connect one server and list its tools; exit 1 when it fails to connect
  call <server> <tool> [--args JSON] [--yes]
      Call one tool (its own name or its mcp_... name) with a JSON object of
      arguments. Shows where the arguments go and asks "Approve? [y/N]" on a
      terminal; --yes approves without asking. With neither, nothing is called

  Servers are named by id or by name (any case). Env and header values go to
  the secret store, never to settings.json; values typed on a command line
  may stay in your shell history (--env K avoids that).

Options:
  --home DIR      Profile folder. Default: $MCP_DESK_HOME, else the desktop
                  app's folder:
                  ${defaultHome(process.platform, env, homedir())}
  -h, --help      Show this help
  -v, --version   Show the version
`
}
