// The installable app's notices, on every screen (the login's too): the offline screen's words
// while the browser has no network, and the update prompt when a new build is waiting.
// docs/app-install.md.
import { applyUpdate, dismissUpdate, useAppInstall } from '../../lib/app-install.ts';
import { useT } from '../../lib/i18n/index.ts';
import './AppNotices.css';

export function AppNotices() {
  const t = useT();
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
            {t('common.app.offline')}
          </p>
        )}
      </div>
      {updateReady ? (
        <section className="app-update" aria-label={t('common.app.update.label')}>
          <p className="app-update__text">{t('common.app.update.ready')}</p>
          <div className="app-update__actions">
            <button type="button" className="app-update__reload" onClick={applyUpdate}>
              {t('common.app.update.reload')}
            </button>
            <button type="button" className="app-update__later" onClick={dismissUpdate}>
              {t('common.app.update.later')}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
