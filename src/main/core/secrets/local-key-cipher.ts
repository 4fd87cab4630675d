import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { SecretBackend } from '../../../shared/ipc/contract'
import type { SecretCipher } from './secret-store'

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
/** First byte of every sealed value, so a future format can be told apart from this one. */
const FORMAT_V1 = 1
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES

export const LOCAL_KEY_BACKEND: SecretBackend = {
  kind: 'file',
  secure: false,
  warning:
    'Secrets are encrypted with a key that is stored beside them in the profile folder (readable only by your ' +
    'user, mode 0600). Anyone who can read that folder can read your secrets. The desktop app keeps them in ' +
    'the OS keychain instead.',
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

/**
 * AES-256-GCM with a random key kept in `keyFile`: outside Electron there is no keychain to ask, so this
 * only keeps secrets out of plain sight (backups, screen shares, grep); the backend says so honestly.
 * The key is created on the first encryption, never on a decryption, so a lost key is reported as lost.
 */
export function createLocalKeyCipher(keyFile: string): SecretCipher {
  let cachedKey: Buffer | undefined

  function readKey(): Buffer | undefined {
    let key: Buffer
    try {
      key = readFileSync(keyFile)
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined
      throw new Error(`cannot read the secret key file ${keyFile}: ${(error as Error).message}`, {
        cause: error,
      })
    }
    if (key.length !== KEY_BYTES) {
      throw new Error(
        `the secret key file ${keyFile} holds ${key.length} bytes, not ${KEY_BYTES}: it is damaged or was not ` +
          'written by MCP Desk. Secrets encrypted with the original key cannot be read without it.',
      )
    }
    tightenMode()
    return key
  }

  /** A key file someone loosened (e.g. copied with a wide umask) is put back to owner-only. */
  function tightenMode(): void {
    if (process.platform === 'win32') return
    const mode = statSync(keyFile).mode & 0o777
    if ((mode & 0o077) !== 0) chmodSync(keyFile, 0o600)
  }

  function createKey(): Buffer {
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 })
    const key = randomBytes(KEY_BYTES)
    try {
      // 'wx': if another process created the key first, use theirs rather than replace it.
      writeFileSync(keyFile, key, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') {
        throw new Error(`cannot create the secret key file ${keyFile}: ${(error as Error).message}`, {
          cause: error,
        })
      }
      const theirs = readKey()
      if (theirs) return theirs
      throw new Error(`the secret key file ${keyFile} vanished while it was being created`, { cause: error })
    }
    return key
  }

  function keyForEncrypt(): Buffer {
    cachedKey ??= readKey() ?? createKey()
    return cachedKey
  }

  function keyForDecrypt(): Buffer {
    cachedKey ??= readKey()
    if (!cachedKey) {
      throw new Error(
        `the secret key file ${keyFile} is missing, so stored secrets cannot be decrypted; set them again`,
      )
    }
    return cachedKey
  }

  return {
    id: 'local-key',
    backend: LOCAL_KEY_BACKEND,
    encrypt(plain: string): Buffer {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', keyForEncrypt(), iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([FORMAT_V1]), iv, cipher.getAuthTag(), body])
    },
    decrypt(sealed: Buffer): string {
      if (sealed.length < HEADER_BYTES || sealed[0] !== FORMAT_V1) {
        throw new Error('the encrypted secret is malformed (truncated or not written by MCP Desk)')
      }
      const key = keyForDecrypt()
      const iv = sealed.subarray(1, 1 + IV_BYTES)
      const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
      decipher.setAuthTag(tag)
      try {
        return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString(
          'utf8',
        )
      } catch (error) {
        throw new Error(
          `the encrypted secret failed authentication: it was modified, or ${keyFile} is not the key it was ` +
            'encrypted with',
          { cause: error },
        )
      }
    },
  }
}
