import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@backlay/ui/components';
import { catalogsReady, useT } from '../lib/i18n/index.ts';

/** In place of a screen or modal whose chunk could not be fetched (offline, or a newer release replaced it). */
function LoadFailed() {
  const t = useT();
  return (
    <p className="empty-state" role="alert">
      {t('common.loadFailed')}{' '}
      <button type="button" className="link-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </p>
  );
}

/**
 * `React.lazy` for a named export of a lazily loaded module. If the chunk cannot be fetched the
 * component renders LoadFailed instead of throwing, so the shell stays usable. It renders once
 * the catalogues its chunk defined have the active language (a screen opened in Hindi never
 * shows its English first).
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(() =>
    load().then(
      (component) => catalogsReady().then(() => ({ default: component })),
      (err: unknown) => {
        console.error(err);
        return { default: LoadFailed as ComponentType<P> };
      },
    ),
  );
}

/**
 * A screen in a chunk of its own, fetched the first time its route is shown, with a spinner
 * meanwhile. Only the shell — layouts, header, sidebar, footer, home — is in the first load
 * (docs/decisions.md).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazyNamed(load);
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<Spinner />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
