import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAppInstall } from './lib/app-install.ts';
import { startLocale } from './lib/i18n/index.ts';

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
