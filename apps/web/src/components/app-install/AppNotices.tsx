// The installable app's notices, on every screen (the login's too): the offline screen's words
// while the browser has no network, and the update prompt when a new build is waiting.
// docs/app-install.md.
import { applyUpdate, dismissUpdate, OFFLINE_MESSAGE, useAppInstall } from '../../lib/app-install.ts';
import './AppNotices.css';

export function AppNotices() {
  const { online, updateReady } = useAppInstall();
  return (
    <>
      {/* Always in the page, so a screen reader hears the words when they appear. */}
      <div className="app-offline" role="status" aria-live="polite">
        {online ? null : (
          <p className="app-offline__text">
            <span aria-hidden="true" className="app-offline__icon">
              ⚠
            </span>{' '}
            {OFFLINE_MESSAGE}
          </p>
        )}
      </div>
      {updateReady ? (
        <section className="app-update" aria-label="Update">
          <p className="app-update__text">A new version of the site is ready.</p>
          <div className="app-update__actions">
            <button type="button" className="app-update__reload" onClick={applyUpdate}>
              Reload
            </button>
            <button type="button" className="app-update__later" onClick={dismissUpdate}>
              Later
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
