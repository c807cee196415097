import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../features/footer/index.ts';
import { useResponsibleGaming } from '../features/responsible/api/responsible-gaming.ts';
import { Header } from '../features/header/index.ts';
import { Sidebar } from '../features/sidebar/index.ts';
import { WelcomePopup } from '../features/welcome/index.ts';
import { useT } from '../components/i18n.ts';
import { useClientStore } from '../lib/store.ts';
import { lazyNamed } from './lazy.tsx';
import { ModalHost } from './ModalHost.tsx';

// The reality-check reminder (responsible gaming) is a chunk of its own, fetched only for a user
// who asked for reminders.
const RealityCheckReminder = lazyNamed(() =>
  import('../features/responsible/index.ts').then((m) => m.RealityCheckReminder),
);

function RealityCheck() {
  const isLoggedIn = useClientStore((s) => s.isLoggedIn);
  const minutes = useResponsibleGaming(isLoggedIn).data?.reality_check_minutes ?? 0;
  return minutes > 0 ? (
    <Suspense fallback={null}>
      <RealityCheckReminder />
    </Suspense>
  ) : null;
}

function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return ref;
}

/** Header, sidebar, content and footer: every signed-in screen. */
export function MainLayout() {
  const t = useT();
  const mainRef = useFocusMainOnNavigate();
  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={(e) => (e.preventDefault(), mainRef.current?.focus())}>
        {t('components.skipToContent')}
      </a>
      <Header />
      <div className="app__body">
        <Sidebar />
        <main id="main" className="app__main" ref={mainRef} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
      <ModalHost />
      <WelcomePopup />
      <RealityCheck />
    </div>
  );
}

/** Public rules pages: content and footer only. */
export function FooterOnlyLayout() {
  return (
    <div className="app app--footer-only">
      <main id="main" className="app__main app__main--public">
        <Outlet />
      </main>
      <Footer />
      <ModalHost signedIn={false} />
    </div>
  );
}
