import { Link } from 'react-router';
import { Icon } from '../../components/index.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { imageUrl } from '@backlay/ui/images';
import { formatExposure, formatMoney } from '@backlay/ui/money';
import { readToken, STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { saveLanguage } from '../../lib/api/set-language.ts';
import { useClientStore } from '../../lib/store.ts';
import { useUserBalance } from './api/user-balance.ts';
import { Marquee } from './Marquee.tsx';
import { showPaymentItems } from './menu-rules.ts';
import { SearchBox } from './SearchBox.tsx';
import { TopNav } from './TopNav.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useT } from './i18n.ts';
import './Header.css';

export function Header() {
  const t = useT();
  const settings = useGlobalSetting().data;
  const isLoggedIn = useClientStore((s) => s.isLoggedIn);
  const user = useClientStore((s) => s.loginData);
  const showBalance = useClientStore((s) => s.showBalance);
  const showExposure = useClientStore((s) => s.showExposure);
  const openModal = useClientStore((s) => s.openModal);
  const sidebarOpen = useClientStore((s) => s.sidebarOpen);
  const setSidebarOpen = useClientStore((s) => s.setSidebarOpen);
  const balance = useUserBalance(isLoggedIn);
  const title = settings?.site_title || 'Backlay';
  const wallet = showPaymentItems({
    user,
    parentId: storage.get(STORAGE_KEYS.parentId) ?? user?.parent_id,
    token: readToken(),
    settings,
  });

  return (
    <header className="header">
      <div className="header__bar">
        <button
          type="button"
          className="header__menu-toggle"
          aria-label={sidebarOpen ? t('header.menu.close') : t('header.menu.open')}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          onClick={() => setSidebarOpen(!sidebarOpen)}
        >
          <Icon name="menu" size={22} />
        </button>
        <Link to="/home" className="header__logo" aria-label={t('header.logo.home', { title })}>
          {settings?.logo ? <img src={imageUrl(settings.logo)} alt="" /> : <span>{title}</span>}
        </Link>
        <div className="header__search">
          <SearchBox />
        </div>
        <div className="header__right">
          <LanguageSwitch
            id="header-language"
            className="header__language"
            onChosen={(l) => void saveLanguage(l)}
          />
          <button type="button" className="header__rules" onClick={() => openModal('rules')}>
            {t('header.rules')}
          </button>
          {wallet ? (
            <Link to="/setting/d-w" className="header__dw">
              {t('header.depositWithdraw')}
            </Link>
          ) : null}
          <div className="wallet" aria-live="off">
            {showBalance ? (
              <div className="wallet__row">
                <span className="wallet__label">{t('header.wallet.balance')}</span>{' '}
                <strong className="wallet__value" data-testid="balance">
                  {balance.data ? formatMoney(balance.data.total_balance) : '—'}
                </strong>
              </div>
            ) : null}
            {showExposure ? (
              <button
                type="button"
                className="wallet__row wallet__exposure"
                onClick={() => openModal('myMarket')}
                aria-haspopup="dialog"
              >
                <span className="wallet__label">{t('header.wallet.exposure')}</span>{' '}
                <strong className="wallet__value" data-testid="exposure">
                  {balance.data ? formatExposure(balance.data.liability) : '—'}
                </strong>
              </button>
            ) : null}
          </div>
          <UserMenu />
        </div>
      </div>
      <Marquee message={settings?.site_message ?? ''} />
      <TopNav />
    </header>
  );
}
