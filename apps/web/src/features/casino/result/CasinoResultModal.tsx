import type { CasinoRoundResult } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useState } from 'react';
import { areCards, CasinoSteps } from '../../../components/CasinoCards.tsx';
import { CopyButton, Modal, Spinner, Tabs } from '../../../components/index.ts';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../../lib/i18n/index.ts';
import { useT } from '../i18n.ts';
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
  const t = useT();
  const q = useCasinoResult({ match_id, round_id });
  const title = q.data
    ? t('casino.result.title', { table: q.data.table_name, roundId: q.data.round_id })
    : t('casino.round.number', { roundId: round_id });
  return (
    <Modal open onClose={onClose} title={title} className="modal--wide casino-result">
      {q.isPending ? (
        <Spinner label={t('casino.result.loading')} />
      ) : q.isError ? (
        <div className="casino-result__error" role="alert">
          <p>{t('casino.result.loadFailed', { message: translateAnswer(q.error.message) })}</p>
          <button type="button" className="btn btn--primary" onClick={() => void q.refetch()}>
            {t('casino.result.retry')}
          </button>
        </div>
      ) : (
        <RoundTabs round={q.data} />
      )}
    </Modal>
  );
}

function RoundTabs({ round }: { round: CasinoRoundResult }) {
  const t = useT();
  const [tab, setTab] = useState<'result' | 'verify'>('result');
  const [verify, setVerify] = useVerifyState();
  return (
    <Tabs
      label={t('casino.result.tabs')}
      className="casino-result__tabs"
      selected={tab}
      onSelect={(id) => setTab(id as 'result' | 'verify')}
      items={[
        { id: 'result', label: t('casino.result.resultTab'), panel: <RoundDetails round={round} /> },
        {
          id: 'verify',
          label: t('casino.result.verifyTab'),
          panel: <VerifyPanel round={round} state={verify} setState={setVerify} />,
        },
      ]}
    />
  );
}

/** A round's state in the modal's words (message ids). */
const STATE_WORDS: Record<CasinoRoundResult['state'], string> = {
  BETTING: msgId('casino.result.stateBetting'),
  CLOSED: msgId('casino.result.stateClosed'),
  DEALING: msgId('casino.state.dealing'),
  RESULT: msgId('casino.result.stateSettled'),
  VOID: msgId('casino.state.void'),
};

function RoundDetails({ round }: { round: CasinoRoundResult }) {
  const t = useT();
  const labelOf = (id: string) => round.options.find((o) => o.option_id === id)?.label ?? id;
  const cards = round.dealt.length === 0 || areCards(round.dealt);
  const winners = round.result?.winners ?? [];
  const voided = round.state === 'VOID';
  return (
    <div className="casino-result__details">
      <dl className="casino-kv">
        <dt>{t('casino.result.round')}</dt>
        <dd>{round.round_id}</dd>
        <dt>{t('casino.result.table')}</dt>
        <dd>{round.table_name}</dd>
        <dt>{t('casino.result.time')}</dt>
        <dd>{formatDateTime(round.finished_at ?? round.opened_at)}</dd>
        <dt>{t('casino.result.stateLabel')}</dt>
        <dd>{t(STATE_WORDS[round.state])}</dd>
        {round.void_reason ? (
          <>
            <dt>{t('casino.result.whyVoid')}</dt>
            <dd>{translateAnswer(round.void_reason)}</dd>
          </>
        ) : null}
        <dt>{t('casino.result.result')}</dt>
        <dd className="casino-result__summary">{round.result?.summary ?? t('casino.result.notYet')}</dd>
        <dt>{t('casino.result.winners')}</dt>
        <dd>{winners.length > 0 ? winners.map(labelOf).join(', ') : t('casino.result.noWinners')}</dd>
      </dl>
      <h3 className="casino-result__heading">
        {cards ? t('casino.result.cards') : t('casino.result.steps')}
      </h3>
      <CasinoSteps
        steps={round.dealt}
        label={cards ? t('casino.result.cardsDealt') : t('casino.result.roundSteps')}
      />
      <h3 className="casino-result__heading">{t('casino.result.provablyFair')}</h3>
      <dl className="casino-kv casino-kv--seeds">
        <dt>{t('casino.result.seedHash')}</dt>
        <dd>
          <code className="casino-hex">{round.server_seed_hash}</code>
          <CopyButton text={round.server_seed_hash} label={t('casino.result.copySeedHash')} />
        </dd>
        <dt>{t('casino.result.seed')}</dt>
        <dd>
          {round.server_seed != null ? (
            <>
              <code className="casino-hex">{round.server_seed}</code>
              <CopyButton text={round.server_seed} label={t('casino.result.copySeed')} />
            </>
          ) : voided ? (
            t('casino.result.seedVoided')
          ) : (
            t('casino.result.seedLater')
          )}
        </dd>
      </dl>
    </div>
  );
}
