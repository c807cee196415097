import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { WELCOME_POPUP_DELAY_MS } from '../../lib/constants.ts';
import { imageUrl } from '@backlay/ui/images';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';

export const WELCOME_TITLE =
  'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.';

/**
 * Spec §4: with is_change_password '0' and the welcome flag stored, the popup opens after
 * 100 ms; closing it removes the flag, so it shows once.
 */
export function WelcomePopup() {
  const user = useClientStore((s) => s.loginData);
  const banner = useGlobalSetting().data?.welcome_banner;
  const [open, setOpen] = useState(false);
  const eligible = user?.is_change_password === '0';

  useEffect(() => {
    if (!eligible || storage.get(STORAGE_KEYS.openWelcomePopup) == null) return;
    const t = setTimeout(() => setOpen(true), WELCOME_POPUP_DELAY_MS);
    return () => clearTimeout(t);
  }, [eligible]);

  const close = () => {
    storage.remove(STORAGE_KEYS.openWelcomePopup);
    setOpen(false);
  };

  return (
    <Modal open={open} onClose={close} title={WELCOME_TITLE} className="modal--small welcome">
      {banner ? (
        <img className="welcome__banner" src={imageUrl(banner)} alt="Security notice: enable Security Auth" />
      ) : null}
      <p>
        Always check the address bar before you log in, and never share your password. Security Auth adds a
        second check at login: a code from an authenticator app on your phone.
      </p>
      <p className="welcome__action">
        <Link to="/security-auth" className="btn btn--primary" onClick={close}>
          Enable Security Auth
        </Link>
      </p>
    </Modal>
  );
}
