import type { WorldCasinoGame, WorldCasinoGameList, WorldCasinoProvider } from '@backlay/contract';
import type { Mock } from 'vitest';

/** The JSON body last sent to one path. */
export function lastBody(fetchMock: Mock, path: string): unknown {
  const call = fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/${path}`)).at(-1);
  return call ? (JSON.parse(String((call[1] as RequestInit).body)) as unknown) : undefined;
}

export const providers: WorldCasinoProvider[] = [
  // i18n-exempt: test data: the server's provider, game and category names
  { provider_id: 'demo', name: 'Backlay Demo Games', game_count: 3 },
  // i18n-exempt: test data: the server's provider, game and category names
  { provider_id: 'acme', name: 'Acme Live', game_count: 1 },
];

export const game = (id: number, over: Partial<WorldCasinoGame> = {}): WorldCasinoGame => ({
  game_id: id,
  name: `Game ${id}`,
  category: 'SLOTS',
  thumbnail_url: `http://127.0.0.1:8090/thumbs/${id}.png`,
  provider_id: 'demo',
  // i18n-exempt: test data: the server's provider, game and category names
  provider_name: 'Backlay Demo Games',
  ...over,
});

export const GAMES: WorldCasinoGame[] = [
  // i18n-exempt: test data: the server's provider, game and category names
  game(11, { name: 'Fruit Fiesta' }),
  // i18n-exempt: test data: the server's provider, game and category names
  game(12, { name: 'Temple of Gems', thumbnail_url: null }),
  // i18n-exempt: test data: the server's provider, game and category names
  game(13, { name: 'Lightning Roulette', category: 'LIVE', provider_id: 'acme', provider_name: 'Acme Live' }),
  // i18n-exempt: test data: the server's provider, game and category names
  game(14, { name: 'Demo Roulette', category: 'TABLE' }),
];

/** A getGameList answer the way the server filters: categories counted under the provider filter. */
export function gameList(body: unknown, all: WorldCasinoGame[] = GAMES, pageSize = 48): WorldCasinoGameList {
  const req = body as { provider_id?: string; category?: string; search?: string; page?: number };
  const byProvider = all.filter((g) => !req.provider_id || g.provider_id === req.provider_id);
  const order = ['LIVE', 'SLOTS', 'TABLE', 'CRASH', 'INSTANT', 'OTHER'] as const;
  const labels = {
    // i18n-exempt: test data: the server's provider, game and category names
    LIVE: 'Live Casino',
    SLOTS: 'Slots',
    // i18n-exempt: test data: the server's provider, game and category names
    TABLE: 'Table Games',
    CRASH: 'Crash',
    // i18n-exempt: test data: the server's provider, game and category names
    INSTANT: 'Instant Win',
    OTHER: 'Others',
  };
  const categories = order
    .map((c) => ({ category: c, label: labels[c], count: byProvider.filter((g) => g.category === c).length }))
    .filter((c) => c.count > 0);
  const hits = byProvider
    .filter((g) => !req.category || g.category === req.category)
    .filter((g) => !req.search || g.name.toLowerCase().includes(req.search.toLowerCase()));
  const page = req.page ?? 1;
  return {
    games: hits.slice((page - 1) * pageSize, page * pageSize),
    categories,
    page,
    page_size: pageSize,
    total: hits.length,
  };
}
