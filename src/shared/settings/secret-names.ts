/**
 * Names of env variables and headers that read like credentials (`GITHUB_TOKEN`, `OPENAI_API_KEY`,
 * `Authorization`, `DB_PASSWORD`). Such a value goes to the secret store unless the user says it is plain;
 * any other name (`MEMORY_FILE_PATH`, `DEBUG`) is kept in settings.json in clear unless the user says it is
 * secret. One rule for the form, the CLI, import and the masked views, so they never disagree; it errs
 * toward secret (`MONKEY_MODE` matches), which costs only a click.
 */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW(?:OR)?D|AUTH|CREDENTIAL|COOKIE|PRIVATE/i

export function looksSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}
