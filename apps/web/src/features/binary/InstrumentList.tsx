import type { BinaryBoard, BinaryInstrumentHead } from '@backlay/contract';
import { Link } from 'react-router';
import { formatChange, formatPrice } from './format.ts';
import { useT } from './i18n.ts';

function direction(change: number | null): 'up' | 'down' | 'flat' {
  if (change == null || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

function InstrumentLink({ head, selected }: { head: BinaryInstrumentHead; selected: boolean }) {
  const t = useT();
  const state =
    head.state === 'OPEN'
      ? t('binary.list.open')
      : head.state === 'CLOSED'
        ? t('binary.state.closed')
        : t('binary.state.suspended');
  const price = head.last_tick ? formatPrice(head.last_tick.p, head.tick_size) : '–';
  const change = formatChange(head);
  return (
    <Link
      to={`/binary/${head.match_id}`}
      className={`binary-list__item${selected ? ' is-selected' : ''}`}
      aria-current={selected ? 'page' : undefined}
      data-match-id={head.match_id}
    >
      <span className="binary-list__code">{head.code}</span>
      <span className="binary-list__name">{head.name}</span>
      <span className="binary-list__price" data-testid={`price-${head.match_id}`}>
        {price}
      </span>
      <span className={`binary-list__change binary-list__change--${direction(head.change)}`}>{change}</span>
      <span className={`binary-list__state binary-list__state--${head.state.toLowerCase()}`}>{state}</span>
    </Link>
  );
}

/** The instruments grouped by session hours, each with its live price, change and state. */
export function InstrumentList({ board, selectedId }: { board: BinaryBoard; selectedId: number | null }) {
  const t = useT();
  return (
    <nav className="binary-list" aria-label={t('binary.list.label')}>
      {board.groups.map((g) => (
        <section key={g.group} className="binary-list__group" aria-labelledby={`binary-group-${g.group}`}>
          <h2 id={`binary-group-${g.group}`} className="binary-list__head">
            {g.name} <span className="binary-list__hours">{g.hours}</span>
          </h2>
          <ul>
            {g.instruments.map((i) => (
              <li key={i.match_id}>
                <InstrumentLink head={i} selected={i.match_id === selectedId} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
