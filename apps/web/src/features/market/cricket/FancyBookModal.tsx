import type { Fancy } from '@backlay/contract';
import { Modal, Spinner } from '../../../components/index.ts';
import { useFancyBook } from '../api/fancy-book.ts';
import { signedMoney } from '../format.ts';

/** The caller's book on one fancy: profit or loss for each result, green or red. */
export function FancyBookModal({ fancy, onClose }: { fancy: Fancy | null; onClose: () => void }) {
  const q = useFancyBook(fancy?.fancy_id ?? 0, fancy != null);
  return (
    <Modal
      open={fancy != null}
      onClose={onClose}
      title={`Book: ${fancy?.name ?? ''}`}
      className="modal--small"
    >
      {q.isPending ? <Spinner /> : null}
      {q.isError ? (
        <p className="form-error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.data && q.data.rows.length === 0 ? (
        <p className="book__empty">You have no bets on this fancy yet.</p>
      ) : null}
      {q.data && q.data.rows.length > 0 ? (
        <table className="book" aria-label={`Book of ${q.data.name}`}>
          <thead>
            <tr>
              <th scope="col">Result</th>
              <th scope="col">Profit / Loss</th>
            </tr>
          </thead>
          <tbody>
            {q.data.rows.map((r, i, rows) => (
              <tr
                key={r.result}
                className={
                  r.profit_loss > 0 ? 'book__row--up' : r.profit_loss < 0 ? 'book__row--down' : undefined
                }
              >
                <td>
                  {r.result}
                  {rows.length > 1 && i === 0
                    ? ' or less'
                    : rows.length > 1 && i === rows.length - 1
                      ? ' or more'
                      : ''}
                </td>
                <td>{signedMoney(r.profit_loss)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Modal>
  );
}
