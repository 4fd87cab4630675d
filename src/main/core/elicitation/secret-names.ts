/**
 * Whether a form field's name or title reads like a secret. Servers must not collect secrets through
 * elicitation forms (the spec sends them to URL mode), so such a field gets a warning on the card; the
 * check is a hint for the user, never a block, and errs toward warning.
 */
export function looksSecret(name: string, title: string): boolean {
  return [name, title].some((text) => wordsOf(text).some(isSecretWord))
}

/** Words that name a secret on their own, also as the tail of a compound (`apiToken`, `db_password`). */
const SECRET_WORDS = /^(password|passwd|passphrase|pwd|secret|token|apikey|credential|key|pin|otp)s?$/u
/** Run-together compounds that contain one of those words (`accesstoken`, `clientsecret`). */
const SECRET_PARTS = /(password|passwd|passphrase|secret|apikey|accesstoken|authtoken|credential|privatekey)/u

function isSecretWord(word: string): boolean {
  return SECRET_WORDS.test(word) || SECRET_PARTS.test(word)
}

/** `apiKey`, `API_KEY`, `api-key` and `API key` all become ["api", "key"]. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/gu, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((word) => word !== '')
}
