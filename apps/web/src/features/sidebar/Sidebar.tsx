import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { focusableIn, trapTab } from '@backlay/ui/components';
import { useCasinoSports } from '../../lib/api/casino-sports.ts';
import { useClientStore } from '../../lib/store.ts';
import { AllSports } from './AllSports.tsx';
import { Cups } from './Cups.tsx';
import { Disclosure } from './Disclosure.tsx';
import { useT } from './i18n.ts';
import { RacingSports } from './RacingSports.tsx';
import './Sidebar.css';

/**
 * The sidebar: Racing Sports, Others, All Sports. On wide screens a column; under 993 px a
 * drawer (a modal dialog: focus trapped, Escape and the backdrop close it).
 */
export function Sidebar() {
  const t = useT();
  const isMobile = useClientStore((s) => s.isMobileDevice);
  const open = useClientStore((s) => s.sidebarOpen);
  const setOpen = useClientStore((s) => s.setSidebarOpen);
  const casino = useCasinoSports().data ?? [];
  // Our Casino's tables are one series ('ourcasino'); the link shows while the server lists an
  // Indian casino sport at all (spec: "shown only if an Indian casino sport exists").
  const ourCasino = casino.some((c) => c.category === 'indian');
  const ref = useRef<HTMLElement>(null);
  const drawer = isMobile;
  const drawerOpen = drawer && open;
  const close = () => {
    if (drawer) setOpen(false);
  };

  useEffect(() => {
    if (!drawerOpen) return;
    const previous = document.activeElement as HTMLElement | null;
    const el = ref.current;
    if (el) (focusableIn(el)[0] ?? el).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
      else if (ref.current) trapTab(e, ref.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus({ preventScroll: true });
    };
  }, [drawerOpen, setOpen]);

  return (
    <>
      {drawerOpen ? (
        <div className="sidebar__backdrop" onClick={() => setOpen(false)} aria-hidden="true" />
      ) : null}
      <aside
        id="sidebar"
        ref={ref}
        className={`sidebar${drawer ? ' sidebar--drawer' : ''}${drawerOpen ? ' is-open' : ''}`}
        aria-label={t('sidebar.label')}
        role={drawerOpen ? 'dialog' : undefined}
        aria-modal={drawerOpen ? true : undefined}
        hidden={drawer && !open ? true : undefined}
        tabIndex={-1}
      >
        {drawer ? (
          <div className="sidebar__drawer-head">
            <span>{t('sidebar.drawer.title')}</span>
            <button
              type="button"
              className="sidebar__close"
              aria-label={t('sidebar.drawer.close')}
              onClick={close}
            >
              ×
            </button>
          </div>
        ) : null}
        <Disclosure label={t('sidebar.racing.title')} defaultOpen>
          {() => <RacingSports onNavigate={close} />}
        </Disclosure>
        <Disclosure label={t('sidebar.others.title')} defaultOpen>
          {() => (
            <ul className="sidebar__list sidebar__links">
              {ourCasino ? (
                <li>
                  <Link to="/casino/list/ourcasino" onClick={close}>
                    {t('sidebar.others.ourCasino')}
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to="/casino/list/virtual" onClick={close}>
                  {t('sidebar.others.ourVirtual')}
                </Link>
              </li>
              <li>
                <Link to="/world-casino?category=LIVE" onClick={close}>
                  {t('sidebar.others.liveCasino')}
                </Link>
              </li>
              <li>
                <Link to="/world-casino?category=SLOTS" onClick={close}>
                  {t('sidebar.others.slotGame')}
                </Link>
              </li>
              <li>
                <Link to="/fantasy" onClick={close}>
                  {t('sidebar.others.fantasyGame')}
                </Link>
              </li>
            </ul>
          )}
        </Disclosure>
        <Disclosure label={t('sidebar.cups.title')} defaultOpen>
          {() => <Cups onNavigate={close} />}
        </Disclosure>
        <Disclosure label={t('sidebar.allSports.title')} defaultOpen>
          {() => <AllSports onNavigate={close} />}
        </Disclosure>
      </aside>
    </>
  );
}
