import type { CasinoRoundResult } from '@backlay/contract';
import { useState } from 'react';
import { CasinoCard as Card, CasinoSteps } from '../../../components/CasinoCards.tsx';
import { Spinner } from '../../../components/index.ts';
import { useT } from '../i18n.ts';
import { Trans } from '../../../lib/i18n/trans.ts';
import type { VerifyReport } from './verify-round.ts';

// The engine's games and the Web Crypto calls: a chunk of their own, fetched on the first Verify.
const loadVerifier = () => import('./verify-round.ts');

/** Held by the modal, so a finished Verify is still there after a look at the Result tab. */
export type VerifyState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; report: VerifyReport }
  | { kind: 'failed'; message: string };

export const useVerifyState = () => useState<VerifyState>({ kind: 'idle' });

/** Verify: recompute the round in this browser from its revealed seed and show each step. */
export function VerifyPanel({
  round,
  state,
  setState,
}: {
  round: CasinoRoundResult;
  state: VerifyState;
  setState: (state: VerifyState) => void;
}) {
  const t = useT();
  const seed = round.server_seed;
  if (seed == null) return <NoSeed round={round} />;

  const run = async () => {
    setState({ kind: 'running' });
    try {
      const verifier = await loadVerifier();
      if (!verifier.canVerify()) {
        setState({ kind: 'failed', message: t('casino.verify.noCrypto') });
        return;
      }
      setState({ kind: 'done', report: await verifier.verifyRound({ ...round, server_seed: seed }) });
    } catch (e) {
      setState({ kind: 'failed', message: t('casino.verify.couldNotRun', { error: (e as Error).message }) });
    }
  };

  const running = state.kind === 'running';
  return (
    <div className="casino-verify">
      <p className="casino-verify__intro">{t('casino.verify.intro')}</p>
      <button type="button" className="btn btn--primary" onClick={() => void run()} disabled={running}>
        {/* i18n-exempt: the panel's state (VerifyState), not words */}
        {state.kind === 'done' ? t('casino.verify.again') : t('casino.verify.run')}
      </button>
      {running ? <Spinner label={t('casino.verify.running')} /> : null}
      {/* i18n-exempt: the panel's state (VerifyState), not words */}
      {state.kind === 'failed' ? (
        <p className="casino-verify__fail" role="alert">
          {state.message}
        </p>
      ) : null}
      {/* i18n-exempt: the panel's state (VerifyState), not words */}
      {state.kind === 'done' ? <VerifyResult round={round} report={state.report} /> : null}
    </div>
  );
}

function NoSeed({ round }: { round: CasinoRoundResult }) {
  const t = useT();
  const running = round.state !== 'RESULT' && round.state !== 'VOID';
  return (
    <p className="casino-verify__none" role="status">
      {running ? t('casino.verify.stillRunning') : t('casino.verify.voided')}
    </p>
  );
}

function Check({ ok, children }: { ok: boolean; children: string }) {
  return (
    <span className={`casino-check casino-check--${ok ? 'ok' : 'bad'}`}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {children}
    </span>
  );
}

function VerifyResult({ round, report }: { round: CasinoRoundResult; report: VerifyReport }) {
  const t = useT();
  const cardGame = report.trace !== null;
  const matches = report.steps !== null && report.differences.length === 0;
  const ok = report.hash_ok && matches;
  const how = { game: report.game_name ?? '', count: report.hmacs, roundId: round.round_id };
  return (
    <div className="casino-verify__result">
      <ol className="casino-verify__steps">
        <li>
          <h3>{t('casino.verify.hashStep')}</h3>
          <dl className="casino-kv">
            <dt>{t('casino.verify.hashComputed')}</dt>
            <dd>
              <code className="casino-hex">{report.hash_computed}</code>
            </dd>
            <dt>{t('casino.verify.hashPublished')}</dt>
            <dd>
              <code className="casino-hex">{round.server_seed_hash}</code>
            </dd>
          </dl>
          <Check ok={report.hash_ok}>
            {report.hash_ok ? t('casino.verify.hashEqual') : t('casino.verify.hashDiffers')}
          </Check>
        </li>
        <li>
          <h3>{t('casino.verify.roundStep')}</h3>
          {report.error ? (
            <p className="casino-verify__fail">{report.error}</p>
          ) : (
            <>
              <p className="casino-verify__how">
                {cardGame ? t('casino.verify.howCards', how) : t('casino.verify.howSteps', how)}
              </p>
              {report.trace ? <TraceTable trace={report.trace} /> : null}
              <h4>{cardGame ? t('casino.verify.seedCards') : t('casino.verify.seedSteps')}</h4>
              <CasinoSteps
                steps={report.steps ?? []}
                label={cardGame ? t('casino.verify.recomputedCards') : t('casino.verify.recomputedSteps')}
                small
              />
              <p>
                <Trans
                  id="casino.verify.seedResult"
                  values={{ summary: report.summary ?? '' }}
                  components={{ 0: <strong /> }}
                />
              </p>
            </>
          )}
        </li>
      </ol>
      <div className={`casino-verify__verdict casino-verify__verdict--${ok ? 'ok' : 'bad'}`} role="status">
        {ok ? (
          <Check ok>{cardGame ? t('casino.verify.cardsMatch') : t('casino.verify.stepsMatch')}</Check>
        ) : (
          <>
            <Check ok={false}>
              {!report.hash_ok
                ? t('casino.verify.seedMismatch')
                : cardGame
                  ? t('casino.verify.cardsDiffer')
                  : t('casino.verify.stepsDiffer')}
            </Check>
            {report.differences.length > 0 ? (
              <ul className="casino-verify__diffs">
                {report.differences.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

/** The Fisher–Yates steps, collapsed by default: 51 rows for a 52-card deck. */
function TraceTable({ trace }: { trace: VerifyReport['trace'] & object }) {
  const t = useT();
  return (
    <details className="casino-trace">
      <summary>{t('casino.trace.summary', { count: trace.steps.length })}</summary>
      <p className="casino-trace__how">{t('casino.trace.how', { start: trace.steps[0]?.i ?? 0 })}</p>
      <div className="casino-trace__wrap" role="region" aria-label={t('casino.trace.label')} tabIndex={0}>
        <table className="table casino-trace__table" aria-label={t('casino.trace.label')}>
          <thead>
            <tr>
              {/* i18n-exempt: the shuffle's variable, as the formula names it */}
              <th scope="col">i</th>
              <th scope="col">{t('casino.trace.message')}</th>
              {/* i18n-exempt: the shuffle's variable, as the formula names it */}
              <th scope="col">x</th>
              {/* i18n-exempt: the formula, the same in every language */}
              <th scope="col">j = x mod (i + 1)</th>
              <th scope="col">{t('casino.trace.swap')}</th>
            </tr>
          </thead>
          <tbody>
            {trace.steps.map((s) => (
              <tr key={s.i}>
                <td className="num">{s.i}</td>
                <td>
                  {s.draws.map((d) => (
                    <div key={d.counter}>
                      <code>{d.message}</code>
                    </div>
                  ))}
                </td>
                <td className="num">
                  {s.draws.map((d) => (
                    <div key={d.counter}>
                      {d.x}
                      {d.accepted ? '' : ` ${t('casino.trace.rejected')}`}
                    </div>
                  ))}
                </td>
                <td className="num">{s.j}</td>
                <td className="nowrap">
                  {s.i === s.j ? (
                    <>
                      <Card code={s.card_i} small /> {t('casino.trace.stays')}
                    </>
                  ) : (
                    <>
                      <Card code={s.card_i} small /> <span aria-hidden="true">↔</span>
                      <span className="visually-hidden">{t('casino.trace.swapsWith')}</span>{' '}
                      <Card code={s.card_j} small />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
