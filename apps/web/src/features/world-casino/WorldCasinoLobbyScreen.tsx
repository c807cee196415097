import { PROVIDER_CATEGORY_LABELS, type WorldCasinoGameList } from '@backlay/contract/bettor';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, Spinner, Tabs } from '../../components/index.ts';
import { Pager } from '@backlay/ui/components';
import type { Translate } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { useGameList, type GameListRequest } from './api/game-list.ts';
import { useProvidersList } from './api/providers-list.ts';
import { GameTile } from './GameTile.tsx';
import {
  ALL,
  lobbyFilters,
  lobbySearch,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_CHARS,
  type LobbyFilters,
} from './filters.ts';
import { useT } from './i18n.ts';
import './world-casino.css';

/**
 * #/world-casino: the provider games lobby. Tabs are the categories the providers bring (from the
 * game list, with their counts), then a provider filter and a name search; the tiles are paged by
 * the server. Every filter lives in the URL (`?category=SLOTS&provider=demo&search=fruit&page=2`),
 * so the sidebar opens a tab, Back from a game returns to the same lobby, and a link can be shared.
 */
export function WorldCasinoLobbyScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filters = lobbyFilters(params);
  const set = (next: LobbyFilters) => setParams(lobbySearch(next), { replace: true });

  // The box shows what is typed at once; the list follows once typing pauses.
  const [typed, setTyped] = useState(filters.search);
  const settled = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled !== filters.search) set({ ...filters, search: settled, page: 1 });
    // Only a settled change of the box moves the URL; the URL moving (a tab) leaves the box alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // The URL's search moved on its own (the sidebar, Back): the box shows it (set while rendering,
  // React's way to follow a prop without an effect's extra pass).
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    if (typed.trim() !== filters.search) setTyped(filters.search);
  }

  const req: GameListRequest = {
    page: filters.page,
    ...(filters.category !== ALL ? { category: filters.category } : {}),
    ...(filters.provider !== ALL ? { provider_id: filters.provider } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
  const games = useGameList(req);

  return (
    <div className="wc-lobby">
      <h1 className="page-title">{t('world-casino.lobby.title')}</h1>
      <LobbyBar
        filters={filters}
        typed={typed}
        onType={setTyped}
        onProvider={(provider) => set({ ...filters, provider, page: 1 })}
      />
      {games.isPending ? (
        <Spinner label={t('world-casino.lobby.loading')} />
      ) : games.isError && !games.data ? (
        <LobbyError message={games.error.message} onRetry={() => void games.refetch()} />
      ) : (
        <Tabs
          className="wc-tabs"
          label={t('world-casino.lobby.categories')}
          selected={filters.category}
          onSelect={(id) => set({ ...filters, category: id as LobbyFilters['category'], page: 1 })}
          items={tabItems(games.data!, filters.category, t).map((tab) => ({
            id: tab.id,
            label: (
              <>
                {tab.label} <span className="wc-tabs__count">{tab.count}</span>
              </>
            ),
            panel: (
              <GamesPanel
                data={games.data!}
                filters={filters}
                busy={games.isFetching}
                failed={games.isError ? games.error.message : null}
                onRetry={() => void games.refetch()}
                onPage={(page) => set({ ...filters, page })}
              />
            ),
          }))}
        />
      )}
    </div>
  );
}

type TabView = { id: string; label: string; count: number };

/**
 * "All games" and each category with games, as the server lists them. A category asked for by the
 * URL (the sidebar's Live Casino) stays a tab even with no game in it, so the bettor sees it is empty.
 */
export function tabItems(
  data: WorldCasinoGameList,
  selected: LobbyFilters['category'],
  t: Translate,
): TabView[] {
  const all = data.categories.reduce((sum, c) => sum + c.count, 0);
  const tabs: TabView[] = [
    { id: ALL, label: t('world-casino.lobby.allGames'), count: all },
    ...data.categories.map((c) => ({ id: c.category, label: c.label, count: c.count })),
  ];
  if (selected !== ALL && !tabs.some((tab) => tab.id === selected))
    tabs.push({ id: selected, label: PROVIDER_CATEGORY_LABELS[selected], count: 0 });
  return tabs;
}

function LobbyBar({
  filters,
  typed,
  onType,
  onProvider,
}: {
  filters: LobbyFilters;
  typed: string;
  onType: (text: string) => void;
  onProvider: (provider: string) => void;
}) {
  const t = useT();
  const id = useId();
  const providers = useProvidersList();
  return (
    <form
      className="wc-bar"
      role="search"
      aria-label={t('world-casino.lobby.find')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="wc-bar__field wc-bar__field--grow">
        <label htmlFor={`${id}-search`}>{t('world-casino.lobby.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={typed}
          maxLength={SEARCH_MAX_CHARS}
          placeholder={t('world-casino.lobby.gameName')}
          autoComplete="off"
          onChange={(e) => onType(e.target.value)}
        />
      </div>
      <div className="wc-bar__field">
        <label htmlFor={`${id}-provider`}>{t('world-casino.lobby.provider')}</label>
        <select
          id={`${id}-provider`}
          value={filters.provider}
          disabled={!providers.data}
          aria-describedby={providers.isError ? `${id}-provider-error` : undefined}
          onChange={(e) => onProvider(e.target.value)}
        >
          <option value={ALL}>{t('world-casino.lobby.allProviders')}</option>
          {(providers.data ?? []).map((p) => (
            <option key={p.provider_id} value={p.provider_id}>
              {p.name} ({p.game_count})
            </option>
          ))}
          {/* A provider named by the URL but not (or no longer) listed stays choosable. */}
          {filters.provider !== ALL &&
          providers.data &&
          !providers.data.some((p) => p.provider_id === filters.provider) ? (
            <option value={filters.provider}>{filters.provider}</option>
          ) : null}
        </select>
        {providers.isError ? (
          <span id={`${id}-provider-error`} className="wc-bar__note">
            {t('world-casino.lobby.providersFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void providers.refetch()}>
              {t('world-casino.retry')}
            </button>
          </span>
        ) : null}
      </div>
    </form>
  );
}

function GamesPanel({
  data,
  filters,
  busy,
  failed,
  onRetry,
  onPage,
}: {
  data: WorldCasinoGameList;
  filters: LobbyFilters;
  busy: boolean;
  failed: string | null;
  onRetry: () => void;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (failed) return <LobbyError message={failed} onRetry={onRetry} />;
  if (data.games.length === 0) return <EmptyState>{emptyText(filters, t)}</EmptyState>;
  return (
    <>
      <ul className="wc-tiles" aria-busy={busy} aria-label={t('world-casino.lobby.games')}>
        {data.games.map((g) => (
          <GameTile key={g.game_id} game={g} />
        ))}
      </ul>
      {data.total > data.page_size ? (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          onPage={onPage}
          noun={t('world-casino.lobby.pagerNoun')}
        />
      ) : null}
    </>
  );
}

/** Why the list is empty, in the bettor's terms. */
export function emptyText(filters: LobbyFilters, t: Translate): string {
  if (filters.search) return t('world-casino.lobby.noMatch', { search: filters.search });
  if (filters.category !== ALL || filters.provider !== ALL) return t('world-casino.lobby.noneHere');
  return t('world-casino.lobby.noneOpen');
}

/** Why the games could not be listed (the server's words, in the bettor's language where known). */
function LobbyError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="wc-error" role="alert">
      <p>{t('world-casino.lobby.loadFailed', { message: translateAnswer(message) })}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('world-casino.retry')}
      </button>
    </div>
  );
}
