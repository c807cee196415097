import { Spinner } from '../../components/index.ts';
import { useParams } from 'react-router';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useBinaryBoard } from './api/binary-board.ts';
import { useBinaryInstrument } from './api/binary-instrument.ts';
import { InstrumentList } from './InstrumentList.tsx';
import { InstrumentPanel } from './InstrumentPanel.tsx';
import { useT } from './i18n.ts';
import { useBinaryLive } from './useBinaryLive.ts';
import './binary.css';

/**
 * Binary sessions (#/binary, #/binary/:matchId): the instruments by session hours on the left
 * (stacked above at phone width), the chosen one's chart, lines, slip and book on the right. The
 * first OPEN instrument is shown when none is chosen. Prices move over the WebSocket; nothing polls.
 */
export function BinaryScreen() {
  const t = useT();
  const { matchId } = useParams();
  const board = useBinaryBoard();
  const all = board.data?.groups.flatMap((g) => g.instruments) ?? [];
  useBinaryLive(all.map((i) => i.match_id));
  const chosen = matchId != null && /^\d+$/.test(matchId) ? Number(matchId) : null;
  const selectedId = chosen ?? (all.find((i) => i.state === 'OPEN') ?? all[0])?.match_id ?? null;
  const instrument = useBinaryInstrument(selectedId);
  return (
    <div className="binary">
      <h1 className="binary__title">{t('binary.screen.title')}</h1>
      {board.isPending ? (
        <Spinner label={t('binary.screen.loading')} />
      ) : board.isError ? (
        <p role="alert">{t('binary.screen.loadFailed', { reason: translateAnswer(board.error.message) })}</p>
      ) : (
        <div className="binary__layout">
          <InstrumentList board={board.data} selectedId={selectedId} />
          <div className="binary__detail">
            {selectedId == null ? (
              <p>{t('binary.screen.none')}</p>
            ) : instrument.isPending ? (
              <Spinner label={t('binary.screen.loadingOne')} />
            ) : instrument.isError ? (
              <p role="alert">
                {t('binary.screen.oneFailed', { reason: translateAnswer(instrument.error.message) })}
              </p>
            ) : (
              <InstrumentPanel key={selectedId} data={instrument.data} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
