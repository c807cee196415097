import type { Match } from '@backlay/contract';
import { useId, useState } from 'react';
import { EmptyState, ListUnavailable, MatchRow, Spinner } from '../../components/index.ts';
import { useMatches } from '../../lib/api/matches.ts';
import { SPORT_ID } from '../../lib/constants.ts';
import { displayDay } from '@backlay/ui/time';
import { useT } from './i18n.ts';
import './HomeScreen.css';

type SportGroup = { sportId: number; sportName: string; matches: Match[] };

/** Groups matches by sport, cricket first, then by name. */
export function groupBySport(matches: Match[]): SportGroup[] {
  const groups = new Map<number, SportGroup>();
  for (const m of matches) {
    const g = groups.get(m.sport_id) ?? { sportId: m.sport_id, sportName: m.sport_name, matches: [] };
    g.matches.push(m);
    groups.set(m.sport_id, g);
  }
  return [...groups.values()].sort((a, b) =>
    a.sportId === SPORT_ID.CRICKET
      ? -1
      : b.sportId === SPORT_ID.CRICKET
        ? 1
        : a.sportName.localeCompare(b.sportName),
  );
}

/** Today's matches (UTC+5:30) and the ones in play. */
export function matchesOfTheDay(matches: Match[], now = new Date()): Match[] {
  const today = displayDay(now);
  return matches.filter((m) => m.in_play || displayDay(m.match_Date) === today);
}

/** Long lists (a day of races) show this many rows until the user asks for all. */
export const HOME_ROWS_COLLAPSED = 8;

function SportSection({ group }: { group: SportGroup }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const rows = expanded ? group.matches : group.matches.slice(0, HOME_ROWS_COLLAPSED);
  const hidden = group.matches.length - rows.length;
  return (
    <section className="home__sport" aria-labelledby={headingId}>
      <h2 className="home__sport-title" id={headingId}>
        {group.sportName}
        <span className="home__count" aria-label={t('home.sport.count', { count: group.matches.length })}>
          {group.matches.length}
        </span>
      </h2>
      <ul className="match-list" id={listId}>
        {rows.map((m) => (
          <MatchRow
            key={m.match_id}
            sportId={m.sport_id}
            matchId={m.match_id}
            name={m.match_name}
            series={m.series_name}
            date={m.match_Date}
            inPlay={m.in_play}
            result={m.result}
            odds={m.main_odds}
          />
        ))}
      </ul>
      {group.matches.length > HOME_ROWS_COLLAPSED ? (
        <button
          type="button"
          className="home__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('home.showFewer') : t('home.showAll', { total: group.matches.length, hidden })}
        </button>
      ) : null}
    </section>
  );
}

function Groups({ groups }: { groups: SportGroup[] }) {
  return (
    <>
      {groups.map((g) => (
        <SportSection key={g.sportId} group={g} />
      ))}
    </>
  );
}

export function HomeScreen() {
  const t = useT();
  const query = useMatches({ is_active: 1 });
  if (query.data === undefined) {
    // Failing and tried again: say so, never that no match is scheduled.
    if (query.failureCount === 0) return <Spinner label={t('home.loading')} />;
    return (
      <div className="home">
        <h1 className="page-title">{t('home.title')}</h1>
        <ListUnavailable what={t('home.list.matches')} />
      </div>
    );
  }
  const all = query.data;
  const today = groupBySport(matchesOfTheDay(all));
  const upcoming = groupBySport(all.filter((m) => !matchesOfTheDay([m]).length).slice(0, 30));
  return (
    <div className="home">
      <h1 className="page-title">{t('home.title')}</h1>
      {today.length > 0 ? <Groups groups={today} /> : <EmptyState>{t('home.none')}</EmptyState>}
      {upcoming.length > 0 ? (
        <>
          <h2 className="page-subtitle">{t('home.comingUp')}</h2>
          <Groups groups={upcoming} />
        </>
      ) : null}
    </div>
  );
}
