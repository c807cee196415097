import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAppInstall } from './lib/app-install.ts';
import { startLocale } from './lib/i18n/index.ts';

// zod without its speed-up by generated code: the page's Content-Security-Policy allows no eval,
// and zod's probe for it (`new Function`) is refused and logged as a browser Issue (Lighthouse's
// best practices). zod keeps its settings on this global object, whenever it loads.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });

// The bettor's language first (its messages fetched when it is not English), then the app.
void startLocale().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Online or not, the install prompt, and the service worker once the page has loaded.
startAppInstall();
