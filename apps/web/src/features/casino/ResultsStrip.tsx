import type { CasinoResultChip } from '@backlay/contract';

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
  label = 'Last results',
  chip = chipLetter,
}: {
  results: readonly CasinoResultChip[];
  onOpen?: (roundId: number) => void;
  label?: string;
  /** The chip's letters (renderers.ts's `chipFor` for the table's game). */
  chip?: (summary: string) => string;
}) {
  if (results.length === 0) return <p className="cstrip cstrip--none">No results yet.</p>;
  return (
    <ol className="cstrip" aria-label={label}>
      {results.map((r) => {
        const tone = r.winners.length === 0 ? ' cstrip__chip--void' : '';
        const text = `Round ${r.round_id}: ${r.summary}`;
        return (
          <li key={r.round_id}>
            {onOpen ? (
              <button
                type="button"
                className={`cstrip__chip${tone}`}
                title={text}
                aria-label={`${text}. Open the result`}
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
