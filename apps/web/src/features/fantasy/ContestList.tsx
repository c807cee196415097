import type { FantasyContest } from '@backlay/contract';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { rupees, stateText } from './format.ts';

type Props = {
  contests: FantasyContest[];
  /** Group under each match's name, with a link to build a team for it. */
  byMatch?: boolean;
  /** Renders the join control of a contest (the match screen's). */
  join?: (c: FantasyContest) => ReactNode;
};

/** Contest cards: fee, entries of size, the prize pool and first prize, the state, the caller's entries. */
export function ContestList({ contests, byMatch = false, join }: Props) {
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
          {cs[0]!.state === 'OPEN' && (
            <Link className="fantasy-button" to={`/fantasy/match/${cs[0]!.match_id}`}>
              Create team &amp; join
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
  const first = c.prizes_if_full[0] ?? 0;
  return (
    <li className="fantasy-contest">
      <div className="fantasy-contest__head">
        <Link to={`/fantasy/contest/${c.contest_id}`} className="fantasy-contest__name">
          {c.name}
        </Link>
        <span className="fantasy-contest__fee">Entry {rupees(c.entry_fee)}</span>
      </div>
      <dl className="fantasy-contest__facts">
        <div>
          <dt>Entries</dt>
          <dd>
            {c.entries} / {c.size}
          </dd>
        </div>
        <div>
          <dt>1st prize if full</dt>
          <dd>{rupees(first)}</dd>
        </div>
        <div>
          <dt>Prize pool now</dt>
          <dd>{rupees(c.prize_pool)}</dd>
        </div>
        <div>
          <dt>Places paid</dt>
          <dd>{c.prizes_if_full.length}</dd>
        </div>
      </dl>
      <p className="fantasy-contest__state">
        {stateText(c)} · needs {c.min_entries} entries · {c.rake_percent}% fee to the house
        {c.my_team_ids.length > 0 && <strong> · joined ({c.my_team_ids.length})</strong>}
      </p>
      {join?.(c)}
    </li>
  );
}
