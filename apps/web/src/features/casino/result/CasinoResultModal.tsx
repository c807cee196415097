import type { CasinoRoundResult } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useState } from 'react';
import { areCards, CasinoSteps } from '../../../components/CasinoCards.tsx';
import { CopyButton, Modal, Spinner, Tabs } from '../../../components/index.ts';
import { useCasinoResult } from './api/casino-result.ts';
import './result.css';
import { useVerifyState, VerifyPanel } from './VerifyPanel.tsx';

export type CasinoResultModalProps = {
  match_id: number;
  round_id: number;
  onClose: () => void;
};

/**
 * The last-result modal of a casino round (issue 22): what the round dealt, its result and winners,
 * the seed hash and the revealed seed, and Verify (recomputed in the browser). Opened from the
 * Casino Result report and a table's results strip; mount it while open.
 */
export function CasinoResultModal({ match_id, round_id, onClose }: CasinoResultModalProps) {
  const q = useCasinoResult({ match_id, round_id });
  const title = q.data ? `${q.data.table_name} · Round ${q.data.round_id}` : `Round ${round_id}`;
  return (
    <Modal open onClose={onClose} title={title} className="modal--wide casino-result">
      {q.isPending ? (
        <Spinner label="Loading the round…" />
      ) : q.isError ? (
        <div className="casino-result__error" role="alert">
          <p>Could not load the round: {q.error.message}</p>
          <button type="button" className="btn btn--primary" onClick={() => void q.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <RoundTabs round={q.data} />
      )}
    </Modal>
  );
}

function RoundTabs({ round }: { round: CasinoRoundResult }) {
  const [tab, setTab] = useState<'result' | 'verify'>('result');
  const [verify, setVerify] = useVerifyState();
  return (
    <Tabs
      label="Round"
      className="casino-result__tabs"
      selected={tab}
      onSelect={(id) => setTab(id as 'result' | 'verify')}
      items={[
        { id: 'result', label: 'Result', panel: <RoundDetails round={round} /> },
        {
          id: 'verify',
          label: 'Verify',
          panel: <VerifyPanel round={round} state={verify} setState={setVerify} />,
        },
      ]}
    />
  );
}

const STATE_WORDS: Record<CasinoRoundResult['state'], string> = {
  BETTING: 'Betting open',
  CLOSED: 'Betting closed',
  DEALING: 'Dealing',
  RESULT: 'Settled',
  VOID: 'Void',
};

function RoundDetails({ round }: { round: CasinoRoundResult }) {
  const labelOf = (id: string) => round.options.find((o) => o.option_id === id)?.label ?? id;
  const cards = round.dealt.length === 0 || areCards(round.dealt);
  const winners = round.result?.winners ?? [];
  return (
    <div className="casino-result__details">
      <dl className="casino-kv">
        <dt>Round</dt>
        <dd>{round.round_id}</dd>
        <dt>Table</dt>
        <dd>{round.table_name}</dd>
        <dt>Time</dt>
        <dd>{formatDateTime(round.finished_at ?? round.opened_at)}</dd>
        <dt>State</dt>
        <dd>{STATE_WORDS[round.state]}</dd>
        {round.void_reason ? (
          <>
            <dt>Why void</dt>
            <dd>{round.void_reason}</dd>
          </>
        ) : null}
        <dt>Result</dt>
        <dd className="casino-result__summary">{round.result?.summary ?? 'Not yet'}</dd>
        <dt>Winners</dt>
        <dd>{winners.length > 0 ? winners.map(labelOf).join(', ') : 'None'}</dd>
      </dl>
      <h3 className="casino-result__heading">{cards ? 'Cards' : 'Steps'}</h3>
      <CasinoSteps steps={round.dealt} label={cards ? 'Cards dealt' : 'Steps of the round'} />
      <h3 className="casino-result__heading">Provably fair</h3>
      <dl className="casino-kv casino-kv--seeds">
        <dt>Server seed hash (SHA-256, published before betting opened)</dt>
        <dd>
          <code className="casino-hex">{round.server_seed_hash}</code>
          <CopyButton text={round.server_seed_hash} label="the server seed hash" />
        </dd>
        <dt>Server seed (revealed after the deal)</dt>
        <dd>
          {round.server_seed != null ? (
            <>
              <code className="casino-hex">{round.server_seed}</code>
              <CopyButton text={round.server_seed} label="the server seed" />
            </>
          ) : round.state === 'VOID' ? (
            'Not revealed: the round was voided before its deal.'
          ) : (
            'Revealed once the deal is over.'
          )}
        </dd>
      </dl>
    </div>
  );
}
