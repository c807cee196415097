import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DownloadApp, downloadAppAction } from '../../components/app-install/DownloadApp.tsx';
import { Icon, Switch, useDismiss } from '../../components/index.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useAppInstall } from '../../lib/app-install.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { useLogout } from '../../lib/api/logout.ts';
import { saveLanguage } from '../../lib/api/set-language.ts';
import { readToken, STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';
import { useT } from './i18n.ts';
import { showAccountSecurityItems, showPaymentItems } from './menu-rules.ts';

/** The user menu of spec §2 (a disclosure: button + panel), with the visibility rules of spec §6. */
export function UserMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const user = useClientStore((s) => s.loginData);
  const isMobile = useClientStore((s) => s.isMobileDevice);
  const showBalance = useClientStore((s) => s.showBalance);
  const showExposure = useClientStore((s) => s.showExposure);
  const setShowBalance = useClientStore((s) => s.setShowBalance);
  const setShowExposure = useClientStore((s) => s.setShowExposure);
  const openModal = useClientStore((s) => s.openModal);
  const settings = useGlobalSetting().data;
  const install = useAppInstall();
  const logoutMutation = useLogout();
  useDismiss(rootRef, open, () => setOpen(false), buttonRef);

  const ctx = {
    user,
    parentId: storage.get(STORAGE_KEYS.parentId) ?? user?.parent_id,
    token: readToken(),
    settings,
  };
  const close = () => setOpen(false);
  const item = (key: string, node: ReactNode) => (
    <li key={key} className="user-menu__item">
      {node}
    </li>
  );
  const link = (to: string, label: string) =>
    item(
      to,
      <Link to={to} onClick={close}>
        {label}
      </Link>,
    );
  const action = (label: string, run: () => void) =>
    item(
      label,
      <button
        type="button"
        onClick={() => {
          close();
          run();
        }}
      >
        {label}
      </button>,
    );

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="user" className="user-menu__icon" />
        <span className="user-menu__name">{user?.user_name ?? t('header.userMenu.account')}</span>
        <span className="visually-hidden"> {t('header.userMenu.accountMenu')}</span>
        <span className="user-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <nav id="user-menu-panel" className="user-menu__panel" aria-label={t('header.userMenu.label')}>
          {/* The language first, apart from the list: the list holds the spec's items (§2) only. */}
          <div className="user-menu__item user-menu__item--language">
            <LanguageSwitch id="menu-language" onChosen={(l) => void saveLanguage(l)} />
          </div>
          <ul>
            {link('/report/account-statement', t('header.userMenu.accountStatement'))}
            {showPaymentItems(ctx)
              ? link('/report/payment-withdraw', t('header.userMenu.paymentStatement'))
              : null}
            {isMobile && showPaymentItems(ctx)
              ? link('/setting/d-w', t('header.userMenu.depositWithdraw'))
              : null}
            {link('/report/current-bet', t('header.userMenu.currentBet'))}
            {link('/report/casino-result', t('header.userMenu.casinoResult'))}
            {link('/report/live-casino-bets', t('header.userMenu.liveCasinoBets'))}
            {action(t('header.userMenu.buttonValues'), () => openModal('buttonValues'))}
            {showAccountSecurityItems(ctx) ? link('/security-auth', t('header.userMenu.securityAuth')) : null}
            {showAccountSecurityItems(ctx)
              ? link('/setting/change-password', t('header.userMenu.changePassword'))
              : null}
            {action(t('header.userMenu.rules'), () => openModal('rules'))}
            {downloadAppAction(settings, install)
              ? item('download-app', <DownloadApp settings={settings} onDone={close} />)
              : null}
            {isMobile
              ? item(
                  'balance',
                  <Switch
                    label={t('header.userMenu.showBalance')}
                    checked={showBalance}
                    onChange={setShowBalance}
                  />,
                )
              : null}
            {isMobile
              ? item(
                  'exposure',
                  <Switch
                    label={t('header.userMenu.showExposure')}
                    checked={showExposure}
                    onChange={setShowExposure}
                  />,
                )
              : null}
            <li className="user-menu__item user-menu__item--signout">
              <button
                type="button"
                onClick={() => logoutMutation.mutate()}
                disabled={logoutMutation.isPending}
              >
                {t('header.userMenu.signOut')}
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
