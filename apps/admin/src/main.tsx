import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

// zod without its speed-up by generated code: the page's Content-Security-Policy allows no eval,
// and zod's probe for it (`new Function`) is refused and logged as a browser Issue (Lighthouse's
// best practices). zod keeps its settings on this global object, whenever it loads.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
