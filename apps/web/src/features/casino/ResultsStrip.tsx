import type { CasinoResultChip } from '@backlay/contract';
import { useT } from './i18n.ts';

/** Two letters for a chip ("Dragon" → "D", "Player B" → "B", "Void" → "V"), the summary in full beside. */
export function chipLetter(summary: string): string {
  const words = summary.trim().split(/\s+/);
  const last = words.at(-1) ?? '';
  // "Player A", "Player 11": the seat, not the word Player.
  if (words.length > 1 && /^[A-Z0-9]{1,2}$/.test(last)) return last;
  return (words[0] ?? '?').slice(0, 1).toUpperCase();
}

/**
 * The last results, newest first, as chips. With `onOpen` each chip is a button opening that
 * round's result; without it (the lobby tiles) they are text.
 */
export function ResultsStrip({
  results,
  onOpen,
  label,
  chip = chipLetter,
}: {
  results: readonly CasinoResultChip[];
  onOpen?: (roundId: number) => void;
  /** The list's name (by default, "Last results"). */
  label?: string;
  /** The chip's letters (renderers.ts's `chipFor` for the table's game). */
  chip?: (summary: string) => string;
}) {
  const t = useT();
  if (results.length === 0) return <p className="cstrip cstrip--none">{t('casino.results.none')}</p>;
  return (
    <ol className="cstrip" aria-label={label ?? t('casino.results.last')}>
      {results.map((r) => {
        const tone = r.winners.length === 0 ? ' cstrip__chip--void' : '';
        const text = t('casino.results.chip', { roundId: r.round_id, summary: r.summary });
        return (
          <li key={r.round_id}>
            {onOpen ? (
              <button
                type="button"
                className={`cstrip__chip${tone}`}
                title={text}
                aria-label={t('casino.results.open', { result: text })}
                onClick={() => onOpen(r.round_id)}
              >
                {chip(r.summary)}
              </button>
            ) : (
              <span className={`cstrip__chip${tone}`} title={text}>
                <span aria-hidden="true">{chip(r.summary)}</span>
                <span className="visually-hidden">{text}</span>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
