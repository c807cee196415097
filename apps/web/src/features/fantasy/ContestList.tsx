import type { FantasyContest } from '@backlay/contract';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { rupees, stateText } from './format.ts';
import { useT } from './i18n.ts';

type Props = {
  contests: FantasyContest[];
  /** Group under each match's name, with a link to build a team for it. */
  byMatch?: boolean;
  /** Renders the join control of a contest (the match screen's). */
  join?: (c: FantasyContest) => ReactNode;
};

const isOpen = (c: FantasyContest) => c.state === 'OPEN';

/** Contest cards: fee, entries of size, the prize pool and first prize, the state, the caller's entries. */
export function ContestList({ contests, byMatch = false, join }: Props) {
  const t = useT();
  if (!byMatch)
    return (
      <ul className="fantasy-contests">
        {contests.map((c) => (
          <ContestCard key={c.contest_id} c={c} join={join} />
        ))}
      </ul>
    );
  const groups = new Map<number, FantasyContest[]>();
  for (const c of contests) groups.set(c.match_id, [...(groups.get(c.match_id) ?? []), c]);
  return (
    <div className="fantasy-matches">
      {[...groups.values()].map((cs) => (
        <section key={cs[0]!.match_id} className="fantasy-match" aria-labelledby={`fm-${cs[0]!.match_id}`}>
          <h2 id={`fm-${cs[0]!.match_id}`} className="fantasy-match__name">
            {cs[0]!.match_name}
          </h2>
          {isOpen(cs[0]!) && (
            <Link className="fantasy-button" to={`/fantasy/match/${cs[0]!.match_id}`}>
              {t('fantasy.contests.createAndJoin')}
            </Link>
          )}
          <ul className="fantasy-contests">
            {cs.map((c) => (
              <ContestCard key={c.contest_id} c={c} join={join} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ContestCard({
  c,
  join,
}: {
  c: FantasyContest;
  join?: ((c: FantasyContest) => ReactNode) | undefined;
}) {
  const t = useT();
  const first = c.prizes_if_full[0] ?? 0;
  return (
    <li className="fantasy-contest">
      <div className="fantasy-contest__head">
        <Link to={`/fantasy/contest/${c.contest_id}`} className="fantasy-contest__name">
          {c.name}
        </Link>
        <span className="fantasy-contest__fee">
          {t('fantasy.contest.entryFee', { fee: rupees(c.entry_fee) })}
        </span>
      </div>
      <dl className="fantasy-contest__facts">
        <div>
          <dt>{t('fantasy.contest.entries')}</dt>
          <dd>
            {c.entries} / {c.size}
          </dd>
        </div>
        <div>
          <dt>{t('fantasy.contest.firstPrize')}</dt>
          <dd>{rupees(first)}</dd>
        </div>
        <div>
          <dt>{t('fantasy.contest.poolNow')}</dt>
          <dd>{rupees(c.prize_pool)}</dd>
        </div>
        <div>
          <dt>{t('fantasy.contest.placesPaid')}</dt>
          <dd>{c.prizes_if_full.length}</dd>
        </div>
      </dl>
      <p className="fantasy-contest__state">
        {t('fantasy.contest.terms', { state: stateText(c), min: c.min_entries, rake: c.rake_percent })}
        {c.my_team_ids.length > 0 && (
          <strong>
            {' · '}
            {t('fantasy.contest.joined', { count: c.my_team_ids.length })}
          </strong>
        )}
      </p>
      {join?.(c)}
    </li>
  );
}
