import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { NoticeProvider } from '../src/lib/notices.tsx';
import { routes } from '../src/app/routes.tsx';
import { saveSession } from '../src/lib/session.ts';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = unknown | ((call: Call) => unknown);

/**
 * Stubs fetch with an API: `handlers` maps a path under /api/ to the envelope's data (sent as
 * {status:true,data}) or to a function of the call returning a Response or data. Every call is
 * recorded; an unknown path answers 404.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.replace(/^\/api\//, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method: init.method ?? 'GET', path, query: url.searchParams, body };
    calls.push(call);
    if (!(path in handlers)) return json({ status: false, message: `No such call: ${path}` }, 404);
    const h = handlers[path];
    const out = typeof h === 'function' ? (h as (c: Call) => unknown)(call) : h;
    if (out instanceof Response) return out;
    return json({ status: true, data: out });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function signedIn() {
  saveSession('tok-operator-0000000000000000000000000000000', { user_id: 1, user_name: 'operator' });
}

/** The console at a hash path (the real routes), with fresh query state. */
export function renderConsole(path: string, extraRoutes: RouteObject[] = []) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([...extraRoutes, ...routes], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** A bettor as the console's user screen reads it (admin/user): punter, id 9, under the operator. */
export const punterUser = {
  user_id: 9,
  user_name: 'punter',
  role: 'bettor',
  parent_id: 1,
  parent_name: 'operator',
  share_pct: null,
  credit_reference: 0,
  balance: 100,
  exposure: 0,
  available: 100,
  lock: 'NONE',
  bet_locked: false,
  must_change_password: false,
  created_at: '2026-11-20T10:00:00.000Z',
  last_login_at: '2026-11-23T10:00:00.000Z',
  children: 0,
  live_sessions: 2,
  locked_until: null,
  owed: 0,
};
