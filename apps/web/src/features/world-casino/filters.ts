// The lobby's filters as they live in the URL: pure, so the rules are tested without a screen.
import { PROVIDER_GAME_CATEGORIES, type ProviderGameCategory } from '@backlay/contract/bettor';

/** "Every category" / "every provider": no filter sent. */
export const ALL = 'all' as const;
/** The list follows the search box once typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The server takes a search of at most 60 characters (getGameList). */
export const SEARCH_MAX_CHARS = 60;
/** The highest page the server accepts. */
const PAGE_MAX = 100_000;

export type LobbyFilters = {
  category: ProviderGameCategory | typeof ALL;
  provider: string;
  search: string;
  page: number;
};

// What the server accepts (providers.ts); anything else in a hand-edited URL is dropped rather
// than sent to be refused.
const isCategory = (v: string): v is ProviderGameCategory =>
  (PROVIDER_GAME_CATEGORIES as readonly string[]).includes(v);
const PROVIDER = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** The filters a lobby URL's query names, with defaults for what it leaves out or gets wrong. */
export function lobbyFilters(params: URLSearchParams): LobbyFilters {
  const category = params.get('category') ?? '';
  const provider = params.get('provider') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    category: isCategory(category) ? category : ALL,
    provider: PROVIDER.test(provider) ? provider : ALL,
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_CHARS),
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** The query of a lobby URL showing `f`: defaults left out, so the bare lobby is `#/world-casino`. */
export function lobbySearch(f: LobbyFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.category !== ALL) q.set('category', f.category);
  if (f.provider !== ALL) q.set('provider', f.provider);
  if (f.search) q.set('search', f.search);
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}
