import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, ListUnavailable, MatchRow, Spinner } from '../../components/index.ts';
import { useMatches } from '../../lib/api/matches.ts';
import { useSeries } from './api/series.ts';
import { useSports } from './api/sports.ts';
import { useT } from './i18n.ts';

/** all-sports/{sportId}: the sport's competitions with their matches (one of them with ?series={id}). */
export function SportScreen() {
  const t = useT();
  const sportId = Number(useParams().sportId);
  const only = Number(useSearchParams()[0].get('series') ?? NaN);
  const valid = Number.isInteger(sportId);
  const sports = useSports();
  const series = useSeries(sportId);
  const matches = useMatches({ sport_id: sportId, is_active: 1 });
  if (!valid) return <EmptyState>{t('sports.notFound')}</EmptyState>;
  const name =
    sports.data?.find((s) => s.sport_id === sportId)?.name ??
    matches.data?.[0]?.sport_name ??
    t('sports.fallbackName');
  if (series.data === undefined || matches.data === undefined) {
    // Failing and tried again: say so, never that the sport has no match open.
    if (series.failureCount === 0 && matches.failureCount === 0)
      return <Spinner label={t('sports.loading')} />;
    return (
      <div className="sport-screen">
        <h1 className="page-title">{name}</h1>
        <ListUnavailable what={t('sports.list.matches')} />
      </div>
    );
  }
  const list = matches.data;
  const bySeries = series.data
    .map((s) => ({ ...s, matches: list.filter((m) => m.series_id === s.series_id) }))
    .filter((s) => s.matches.length > 0)
    .filter((s) => !Number.isInteger(only) || s.series_id === only);
  return (
    <div className="sport-screen">
      <h1 className="page-title">{name}</h1>
      {Number.isInteger(only) ? (
        <p>
          <Link to={`/all-sports/${sportId}`}>{t('sports.allCompetitions', { sport: name })}</Link>
        </p>
      ) : null}
      {bySeries.length === 0 ? <EmptyState>{t('sports.noneOpen', { sport: name })}</EmptyState> : null}
      {bySeries.map((s) => (
        <section key={s.series_id} className="home__sport card" aria-labelledby={`series-${s.series_id}`}>
          <h2 className="card__title" id={`series-${s.series_id}`}>
            {s.name}
          </h2>
          <ul className="match-list">
            {s.matches.map((m) => (
              <MatchRow
                key={m.match_id}
                sportId={m.sport_id}
                matchId={m.match_id}
                name={m.match_name}
                date={m.match_Date}
                inPlay={m.in_play}
                result={m.result}
                odds={m.main_odds}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
