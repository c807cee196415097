import type { MainOdds } from '@backlay/contract';
import { MAIN_ODDS_LIST_MAX } from '@backlay/contract/bettor';
import { Link } from 'react-router';
import { formatDateTime } from '@backlay/ui/time';
import './MatchRow.css';
import { useT } from './i18n.ts';
import { matchPath } from '../lib/match-path.ts';

const oddsText = (price: number | null) => (price == null ? '–' : String(price));

/** The first back and lay price of each runner of the match's main market. */
function MainOddsStrip({ odds }: { odds: MainOdds[] }) {
  const t = useT();
  return (
    <span className="match-odds" data-testid="main-odds">
      {odds.map((o) => (
        <span key={o.selection_id} className="match-odds__pair" title={o.name}>
          <span
            className="match-odds__cell match-odds__cell--back"
            aria-label={t('components.match.backPrice', { runner: o.name, price: oddsText(o.back) })}
          >
            {oddsText(o.back)}
          </span>
          <span
            className="match-odds__cell match-odds__cell--lay"
            aria-label={t('components.match.layPrice', { runner: o.name, price: oddsText(o.lay) })}
          >
            {oddsText(o.lay)}
          </span>
        </span>
      ))}
    </span>
  );
}

/** One match in a list: name (opens game-details), competition, start time in IST, in-play mark. */
export function MatchRow({
  sportId,
  matchId,
  name,
  series,
  date,
  inPlay,
  result,
  odds,
}: {
  sportId: number;
  matchId: number;
  name: string;
  series?: string;
  date: string;
  inPlay: boolean;
  /** A finished event's result ("India won by 6 wickets"), shown in place of In Play and the prices. */
  result?: string | null | undefined;
  /** First back/lay prices of the main market (home screen); shown for two or three runners (not races). */
  odds?: MainOdds[];
}) {
  const t = useT();
  return (
    <li className="match-row">
      <Link to={matchPath(sportId, matchId)} className="match-row__link">
        <span className="match-row__main">
          <span className="match-row__name">{name}</span>
          {series ? <span className="match-row__series">{series}</span> : null}
        </span>
        <span className="match-row__meta">
          {inPlay ? <span className="badge badge--live">{t('components.match.inPlay')}</span> : null}
          {!inPlay && result ? <span className="badge badge--result">{result}</span> : null}
          <time className="match-row__date" dateTime={date}>
            {formatDateTime(date)}
          </time>
        </span>
        {!result && odds && odds.length > 0 && odds.length <= MAIN_ODDS_LIST_MAX ? (
          <MainOddsStrip odds={odds} />
        ) : null}
      </Link>
    </li>
  );
}
