import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAppInstall } from './lib/app-install.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Online or not, the install prompt, and the service worker once the page has loaded.
startAppInstall();
