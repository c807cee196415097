import type { Fancy } from '@backlay/contract';
import { Modal } from '../../../components/index.ts';
import { translateAnswer } from '../../../lib/i18n/index.ts';
import { useFancyBook } from '../api/fancy-book.ts';
import { signedMoney } from '../format.ts';
import { useT } from '../i18n.ts';
import { Loading } from '../Loading.tsx';

/** The caller's book on one fancy: profit or loss for each result, green or red. */
export function FancyBookModal({ fancy, onClose }: { fancy: Fancy | null; onClose: () => void }) {
  const t = useT();
  const q = useFancyBook(fancy?.fancy_id ?? 0, fancy != null);
  return (
    <Modal
      open={fancy != null}
      onClose={onClose}
      title={t('market.fancyBook.title', { fancy: fancy?.name ?? '' })}
      closeLabel={t('market.action.close')}
      className="modal--small"
    >
      {q.isPending ? <Loading /> : null}
      {q.isError ? (
        <p className="form-error" role="alert">
          {translateAnswer(q.error.message)}
        </p>
      ) : null}
      {q.data && q.data.rows.length === 0 ? (
        <p className="book__empty">{t('market.fancyBook.empty')}</p>
      ) : null}
      {q.data && q.data.rows.length > 0 ? (
        <table className="book" aria-label={t('market.fancyBook.label', { fancy: q.data.name })}>
          <thead>
            <tr>
              <th scope="col">{t('market.fancyBook.result')}</th>
              <th scope="col">{t('market.fancyBook.profitLoss')}</th>
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
                  {rows.length > 1 && i === 0
                    ? t('market.fancyBook.orLess', { result: String(r.result) })
                    : rows.length > 1 && i === rows.length - 1
                      ? t('market.fancyBook.orMore', { result: String(r.result) })
                      : r.result}
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
