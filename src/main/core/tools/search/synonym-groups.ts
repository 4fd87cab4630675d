/**
 * Two small hand-written tables of interchangeable words. Action verbs: a user asks to "show" or "fetch"
 * what a tool calls `get` or `list`, to "remove" what it calls `delete` — the generic CRUD and lifecycle
 * verbs of every API. Software nouns: the everyday abbreviations and synonyms of software and API
 * vocabulary (`repo`/`repository`, `folder`/`directory`, `config`/`settings`) that a general English
 * lexicon like WordNet does not know. Nothing here names a product, a server or a domain.
 */
const VERB_GROUPS: readonly (readonly string[])[] = [
  ['get', 'fetch', 'retrieve', 'read', 'show', 'view', 'display', 'see', 'look', 'obtain', 'access', 'load'],
  ['list', 'enumerate', 'browse', 'all'],
  ['find', 'search', 'query', 'lookup', 'locate', 'discover', 'seek'],
  ['create', 'add', 'new', 'make', 'insert', 'register', 'generate', 'setup', 'build'],
  ['update', 'edit', 'change', 'modify', 'patch', 'revise', 'alter', 'set', 'adjust', 'rename', 'replace'],
  ['delete', 'remove', 'erase', 'destroy', 'drop', 'discard', 'purge', 'trash', 'clear', 'wipe'],
  ['send', 'post', 'publish', 'submit', 'deliver', 'notify', 'message', 'push'],
  ['start', 'launch', 'run', 'execute', 'trigger', 'begin', 'invoke', 'kick'],
  ['stop', 'end', 'pause', 'halt', 'suspend', 'terminate', 'abort', 'kill', 'cancel'],
  ['resume', 'restart', 'continue', 'unpause', 'reactivate'],
  ['upload', 'attach', 'import'],
  ['download', 'export', 'save'],
  ['enable', 'activate', 'allow'],
  ['disable', 'deactivate', 'block', 'deny'],
  ['copy', 'duplicate', 'clone', 'fork'],
  ['move', 'transfer', 'relocate'],
  ['reply', 'respond', 'answer'],
  ['check', 'verify', 'validate', 'test', 'inspect'],
  ['count', 'total', 'number', 'many'],
  ['subscribe', 'watch', 'follow', 'monitor', 'track'],
  ['approve', 'accept', 'confirm'],
  ['reject', 'decline', 'dismiss', 'refuse'],
]

const SOFTWARE_GROUPS: readonly (readonly string[])[] = [
  ['folder', 'directory', 'dir'],
  ['repo', 'repository'],
  ['env', 'environment'],
  ['config', 'configuration', 'settings', 'preferences'],
  ['db', 'database'],
  ['auth', 'authentication', 'authorization', 'oauth'],
  ['login', 'signin', 'logon'],
  ['logout', 'signout'],
  ['credential', 'credentials', 'token', 'secret', 'password'],
  ['img', 'image', 'picture', 'photo'],
  ['doc', 'docs', 'document', 'documentation'],
  ['msg', 'message'],
  ['info', 'information', 'details', 'metadata'],
  ['stats', 'statistics', 'metrics', 'analytics'],
  ['id', 'identifier'],
  ['url', 'uri', 'link'],
  ['email', 'mail'],
  ['org', 'organization', 'organisation'],
  ['perm', 'permission', 'permissions', 'role', 'privilege'],
  ['tag', 'label'],
  ['star', 'favorite', 'favourite', 'bookmark'],
  ['bug', 'issue', 'ticket'],
  ['comment', 'remark'],
  ['notification', 'alert'],
  ['sync', 'synchronize', 'synchronise', 'refresh'],
  ['deploy', 'deployment', 'release'],
  ['spreadsheet', 'csv', 'xlsx', 'excel'],
  ['chart', 'graph', 'visualization', 'visualisation'],
  ['stats', 'report'],
  ['pr', 'pull'],
  ['app', 'application'],
  ['dm', 'direct'],
  ['admin', 'administrator'],
  ['dev', 'development'],
  ['prod', 'production'],
  ['param', 'parameter'],
  ['attr', 'attribute'],
  ['desc', 'description'],
  ['max', 'maximum'],
  ['min', 'minimum'],
  ['avg', 'average'],
  ['qty', 'quantity'],
  ['addr', 'address'],
  ['pic', 'picture'],
]

/** Each word's group mates (the word itself excluded), over lower-case base forms. */
function matesOf(groups: readonly (readonly string[])[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>()
  for (const group of groups) {
    for (const word of group) {
      const mates = map.get(word) ?? []
      for (const other of group) if (other !== word && !mates.includes(other)) mates.push(other)
      map.set(word, mates)
    }
  }
  return map
}

export const ACTION_VERB_SYNONYMS = matesOf(VERB_GROUPS)
export const SOFTWARE_SYNONYMS = matesOf(SOFTWARE_GROUPS)
