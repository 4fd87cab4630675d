import type { SecretBackend } from '../../../shared/ipc/contract'
import { useAppState } from '../app/store-context'

const backendLabels: Record<SecretBackend['kind'], string> = {
  safeStorage: 'Operating system keychain (Electron safeStorage)',
  basic_text: 'Electron safeStorage without a keychain (basic_text)',
  file: 'Encrypted file with its key stored beside it',
}

/** How secrets are protected at rest; an insecure backend's warning is shown where nobody can miss it. */
export function SecretBackendSettings() {
  const backend = useAppState((state) => state.info?.secretBackend)
  return (
    <section className="settings-group" aria-labelledby="secret-backend-heading" data-testid="secret-backend">
      <h3 id="secret-backend-heading" className="settings-title">
        Secret storage
      </h3>
      {backend ? (
        <>
          <p>
            {backendLabels[backend.kind]}
            {backend.secure ? '' : ' — not secure'}
          </p>
          {!backend.secure && (
            <p className="callout callout--warning" role="alert">
              <strong>Secrets are not well protected.</strong>{' '}
              {backend.warning ?? 'This storage does not encrypt secrets with a key only you hold.'}
            </p>
          )}
        </>
      ) : (
        <p className="empty-note">Secret storage information is not available.</p>
      )}
    </section>
  )
}
