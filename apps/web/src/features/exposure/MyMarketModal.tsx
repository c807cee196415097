import { Link } from 'react-router';
import { Modal, Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useExposureDetail } from './api/exposure-detail.ts';
import { useT } from './i18n.ts';
import { matchPath } from '../../lib/match-path.ts';

/** My Market: the markets that hold exposure (Event Type, Event Name, Match Name, Trade). */
export function MyMarketModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const query = useExposureDetail(open);
  const rows = (query.data ?? []).flatMap((entry, i) =>
    entry.market_details.map((m, j) => ({ key: `${i}-${j}`, entry, market: m })),
  );
  return (
    <Modal open={open} onClose={onClose} title={t('exposure.title')} className="modal--wide">
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <p className="form-error" role="alert">
          {translateAnswer(query.error.message)}
        </p>
      ) : null}
      {!query.isPending ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('exposure.col.eventType')}</th>
                <th scope="col">{t('exposure.col.eventName')}</th>
                <th scope="col">{t('exposure.col.matchName')}</th>
                <th scope="col">{t('exposure.col.trade')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="table__empty">
                    {t('exposure.empty')}
                  </td>
                </tr>
              ) : (
                rows.map(({ key, entry, market }) => (
                  <tr key={key}>
                    <td>{entry.sport_name}</td>
                    <td>{market.sub_type}</td>
                    <td>
                      {entry.sport_id != null && entry.match_id != null ? (
                        <Link to={matchPath(entry.sport_id, entry.match_id)} onClick={onClose}>
                          {entry.match_name}
                        </Link>
                      ) : (
                        entry.match_name
                      )}
                    </td>
                    <td>{market.bet_count}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </Modal>
  );
}
