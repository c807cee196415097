import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { WELCOME_POPUP_DELAY_MS } from '../../lib/constants.ts';
import { imageUrl } from '@backlay/ui/images';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';
import { useT } from './i18n.ts';

/**
 * Spec §4: with is_change_password '0' and the welcome flag stored, the popup opens after
 * 100 ms; closing it removes the flag, so it shows once.
 */
export function WelcomePopup() {
  const t = useT();
  const user = useClientStore((s) => s.loginData);
  const banner = useGlobalSetting().data?.welcome_banner;
  const [open, setOpen] = useState(false);
  const eligible = user?.is_change_password === '0';

  useEffect(() => {
    if (!eligible || storage.get(STORAGE_KEYS.openWelcomePopup) == null) return;
    const timer = setTimeout(() => setOpen(true), WELCOME_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible]);

  const close = () => {
    storage.remove(STORAGE_KEYS.openWelcomePopup);
    setOpen(false);
  };

  return (
    <Modal open={open} onClose={close} title={t('welcome.title')} className="modal--small welcome">
      {banner ? <img className="welcome__banner" src={imageUrl(banner)} alt={t('welcome.banner')} /> : null}
      <p>{t('welcome.text')}</p>
      <p className="welcome__action">
        <Link to="/security-auth" className="btn btn--primary" onClick={close}>
          {t('welcome.enable')}
        </Link>
      </p>
    </Modal>
  );
}
