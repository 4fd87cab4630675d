import { useAppState } from '../app/store-context'

/** Where this profile keeps its data; selectable so the user can copy the paths. */
export function ProfileSettings() {
  const info = useAppState((state) => state.info)
  return (
    <section className="settings-group" aria-labelledby="profile-heading">
      <h3 id="profile-heading" className="settings-title">
        Profile
      </h3>
      {info ? (
        <dl className="key-values">
          <div className="key-value">
            <dt>Home folder</dt>
            <dd>
              <code className="path selectable" data-testid="settings-home">
                {info.home}
              </code>
            </dd>
          </div>
          <div className="key-value">
            <dt>Settings file</dt>
            <dd>
              <code className="path selectable" data-testid="settings-path">
                {info.settingsPath}
              </code>
            </dd>
          </div>
          <div className="key-value">
            <dt>Version</dt>
            <dd className="selectable">
              {info.name} {info.version} ({info.mode}, {info.platform})
            </dd>
          </div>
        </dl>
      ) : (
        <p className="empty-note">Profile information is not available.</p>
      )}
    </section>
  )
}
