import { Link } from 'react-router';
import { Modal, Spinner } from '../../components/index.ts';
import { useExposureDetail } from './api/exposure-detail.ts';
import { matchPath } from '../../lib/match-path.ts';

/** My Market: the markets that hold exposure (Event Type, Event Name, Match Name, Trade). */
export function MyMarketModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const query = useExposureDetail(open);
  const rows = (query.data ?? []).flatMap((entry, i) =>
    entry.market_details.map((m, j) => ({ key: `${i}-${j}`, entry, market: m })),
  );
  return (
    <Modal open={open} onClose={onClose} title="My Market" className="modal--wide">
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      ) : null}
      {!query.isPending ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Event Type</th>
                <th scope="col">Event Name</th>
                <th scope="col">Match Name</th>
                <th scope="col">Trade</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="table__empty">
                    No data available in table
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
