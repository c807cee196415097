import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// TZDate (the UTC+5:30 display dates) extends the Date it finds when its module first runs. The
// signed-in screens load lazily, so without this its first run can fall inside a test that fakes
// Date (vi.useFakeTimers), and every date would then be shown in UTC. Load it before any test.
import '@date-fns/tz';
import { toast as toastify } from 'react-toastify';
import { resetGlobalSettings } from '../src/lib/api/global-settings.ts';
import { i18n } from '../src/lib/i18n/index.ts';
import { forgetWaitingToasts } from '../src/lib/toast.ts';

// Screens and heavy modals load lazily (one chunk per route): in a test the first import of a
// screen transforms its module tree, which on a busy 2-core CI box takes longer than the default
// 1 s that findBy… waits (5 s was seen to be too short for a file running beside another
// project's). What the tests check is what appears, not how fast.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // The language is module state as well: a test that switched to Hindi leaves English behind it.
  if (i18n.locale !== 'en') i18n.activate('en');
  // The settings' store outlives a render (a module's state, as in a page): each test starts afresh.
  resetGlobalSettings();
  // Toasts are module state too (lib/toast.ts's waiting ones, react-toastify's shown ones): a toast
  // from one test must not appear in the next, nor in the next file (files share modules).
  forgetWaitingToasts();
  toastify.dismiss();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
