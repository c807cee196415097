import type { GlobalSetting, Match, UserInfo } from '@backlay/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/lib/query.tsx';
import { routes } from '../src/app/routes.tsx';
import { installUnauthorizedHandler, startupAuth } from '../src/app/session.ts';
import { registerQueryCache } from '../src/lib/query-cache.ts';
import { saveSignIn } from '../src/lib/storage.ts';
import { useClientStore } from '../src/lib/store.ts';

export const demoUser: UserInfo = {
  user_id: 2,
  user_name: 'demo',
  is_change_password: '0',
  is_signup_user: '0',
  parent_id: 1,
  token: 'tok-demo',
};

export const settings: GlobalSetting = {
  logo: '',
  site_message: 'Welcome to Backlay',
  payment_gateway: '0',
  is_show_apk: '0',
  welcome_banner: '',
  site_title: 'Backlay',
  favicon: '',
  bg_primary_color: '#17324d',
  bg_secondry_color: '#24527a',
  text_primary_color: '#ffffff',
  text_secondry_color: '#ffffff',
  other_color: '#ffb80c',
  fb_link: '',
  insta_link: '',
  telegram_link: '',
  twiter_link: '',
  whatsapp_link: '',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = unknown | ((body: unknown, init: RequestInit) => unknown);

/**
 * Stubs fetch with an API: `handlers` maps a path under /api/ to the envelope's data (wrapped
 * as {status:true,data}) or to a function returning a Response or data. Unknown paths get [] .
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    'globalSetting/getGlobalSetting': settings,
    'user/getUserBalance': { total_balance: 1500, liability: -250.5 },
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.replace(/^.*\/api\//, '');
    const handler = all[path];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const value =
      typeof handler === 'function'
        ? await (handler as (b: unknown, i: RequestInit) => unknown)(body, init)
        : handler;
    if (value instanceof Response) return value;
    return json({ status: true, data: value ?? [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Signs in as the app does; the welcome flag is dropped unless `welcome` is true. */
export function signIn(user: UserInfo = demoUser, { welcome = false } = {}) {
  saveSignIn(user);
  if (!welcome) localStorage.removeItem('openWelcomePopup');
  useClientStore.getState().setLoggedIn(user);
}

export function resetStore() {
  useClientStore.setState({
    isLoggedIn: false,
    loginData: null,
    modal: null,
    lastResultModal: { open: false },
    sidebarOpen: false,
    isMobileDevice: false,
    showBalance: true,
    showExposure: true,
    betPlacedCounter: 0,
  });
}

/** Renders the real route table at `path` with fresh providers (startup auth as the app does it). */
export function renderApp(path: string) {
  startupAuth();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  registerQueryCache(queryClient);
  installUnauthorizedHandler();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function setViewport(mobile: boolean) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const mql = {
    matches: mobile,
    media: '',
    onchange: null,
    addEventListener: (_: string, cb: (e: MediaQueryListEvent) => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: (e: MediaQueryListEvent) => void) => listeners.delete(cb),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => true,
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => mql),
  );
  return {
    change(next: boolean) {
      mql.matches = next;
      listeners.forEach((cb) => cb({ matches: next } as MediaQueryListEvent));
    },
  };
}

/** A match of the catalog's lists (cricket, series 40), with `over` laid on top. */
export const matchFixture = (over: Partial<Match> = {}): Match => ({
  match_id: 1,
  match_name: 'A v B',
  match_Date: '2026-11-21T10:00:00Z',
  open_date: '2026-11-20T10:00:00Z',
  sport_id: 4,
  sport_name: 'Cricket',
  series_id: 40,
  series_name: 'Test Series',
  country: null,
  venue: null,
  in_play: false,
  markets: [],
  ...over,
});

/** A WebSocket that never opens: for screens whose tests do not follow live prices. */
export class QuietSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

/**
 * A WebSocket the test drives: `open()` it, `push(msg)` a server message, read what the client
 * `sent`. Every socket made is in `ControlledSocket.all` (emptied by `freshClient`).
 */
export class ControlledSocket {
  static all: ControlledSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    ControlledSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

/** Before each test: a signed-out store and `socket` (QuietSocket by default) as the WebSocket. */
export function freshClient(socket: typeof QuietSocket | typeof ControlledSocket = QuietSocket) {
  resetStore();
  ControlledSocket.all = [];
  vi.stubGlobal('WebSocket', socket);
}
