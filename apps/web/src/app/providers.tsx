import { Suspense, type ReactNode } from 'react';
// The stylesheet stays in the first load (first in the cascade, where it always was); the
// container's JavaScript is fetched with the first toast (lib/toast.ts).
import 'react-toastify/dist/ReactToastify.css';
import { useToastsWanted } from '../lib/toast.ts';
import { lazyNamed } from './lazy.tsx';
import { useTheme } from './useTheme.ts';
import { useViewportSync } from './useViewport.ts';

const Toasts = lazyNamed(() => import('./Toasts.tsx').then((m) => m.Toasts));

function AppEffects() {
  useTheme();
  useViewportSync();
  return null;
}

/**
 * What every screen runs under: the theme, the viewport and the toasts (their container once the
 * first toast is raised). No query client here: the lazily loaded parts that query bring their own
 * (query.tsx), so the login screen loads no query library.
 */
export function Providers({ children }: { children: ReactNode }) {
  const toasts = useToastsWanted();
  return (
    <>
      <AppEffects />
      {children}
      {toasts ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
    </>
  );
}
