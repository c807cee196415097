import type { CasinoRoundResult } from '@backlay/contract';
import { useState } from 'react';
import { CasinoCard as Card, CasinoSteps } from '../../../components/CasinoCards.tsx';
import { Spinner } from '../../../components/index.ts';
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
  const seed = round.server_seed;
  if (seed == null) return <NoSeed round={round} />;

  const run = async () => {
    setState({ kind: 'running' });
    try {
      const verifier = await loadVerifier();
      if (!verifier.canVerify()) {
        setState({
          kind: 'failed',
          message:
            'This browser offers no Web Crypto on this page (it needs a secure, https page). Verify with the steps below on your own computer.',
        });
        return;
      }
      setState({ kind: 'done', report: await verifier.verifyRound({ ...round, server_seed: seed }) });
    } catch (e) {
      setState({ kind: 'failed', message: `Verify could not run: ${(e as Error).message}` });
    }
  };

  return (
    <div className="casino-verify">
      <p className="casino-verify__intro">
        Verify recomputes this round in your browser: the SHA-256 of the revealed seed must be the hash
        published before betting opened, and the seed must give the very cards (or steps) the table showed.
      </p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void run()}
        disabled={state.kind === 'running'}
      >
        {state.kind === 'done' ? 'Verify again' : 'Verify this round'}
      </button>
      {state.kind === 'running' ? <Spinner label="Verifying…" /> : null}
      {state.kind === 'failed' ? (
        <p className="casino-verify__fail" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'done' ? <VerifyResult round={round} report={state.report} /> : null}
    </div>
  );
}

function NoSeed({ round }: { round: CasinoRoundResult }) {
  const running = round.state !== 'RESULT' && round.state !== 'VOID';
  return (
    <p className="casino-verify__none" role="status">
      {running
        ? 'This round is still running: its seed is revealed once the deal is over. Verify it then.'
        : 'This round was voided before its deal: no card was dealt, so there is no seed to reveal and nothing to verify.'}
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
  const cardGame = report.trace !== null;
  const matches = report.steps !== null && report.differences.length === 0;
  const ok = report.hash_ok && matches;
  const what = cardGame ? 'cards' : 'steps';
  return (
    <div className="casino-verify__result">
      <ol className="casino-verify__steps">
        <li>
          <h3>1. The seed and its hash</h3>
          <dl className="casino-kv">
            <dt>SHA-256 of the revealed seed</dt>
            <dd>
              <code className="casino-hex">{report.hash_computed}</code>
            </dd>
            <dt>Hash published before betting opened</dt>
            <dd>
              <code className="casino-hex">{round.server_seed_hash}</code>
            </dd>
          </dl>
          <Check ok={report.hash_ok}>
            {report.hash_ok ? 'They are equal' : 'They differ: this seed is not the one published'}
          </Check>
        </li>
        <li>
          <h3>2. The round recomputed from the seed</h3>
          {report.error ? (
            <p className="casino-verify__fail">{report.error}</p>
          ) : (
            <>
              <p className="casino-verify__how">
                {report.game_name}: {report.hmacs} HMAC-SHA256 digests (key = the seed, message = "
                {round.round_id}:counter"){cardGame ? ' drive the Fisher–Yates shuffle of the deck.' : '.'}
              </p>
              {report.trace ? <TraceTable trace={report.trace} /> : null}
              <h4>{cardGame ? 'Cards dealt by the seed' : 'Steps given by the seed'}</h4>
              <CasinoSteps steps={report.steps ?? []} label={`Recomputed ${what}`} small />
              <p>
                Result by the seed: <strong>{report.summary}</strong>
              </p>
            </>
          )}
        </li>
      </ol>
      <div className={`casino-verify__verdict casino-verify__verdict--${ok ? 'ok' : 'bad'}`} role="status">
        {ok ? (
          <Check ok>{cardGame ? 'The cards match the round' : 'The steps match the round'}</Check>
        ) : (
          <>
            <Check ok={false}>
              {!report.hash_ok
                ? 'The seed does not match the published hash'
                : `The ${what} do not match the round`}
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
  return (
    <details className="casino-trace">
      <summary>The shuffle, step by step ({trace.steps.length} swaps)</summary>
      <p className="casino-trace__how">
        For i from {trace.steps[0]?.i ?? 0} down to 1: x = the first 4 bytes of the next HMAC (big-endian); if
        x is below the limit, j = x mod (i + 1), else x is rejected and the next HMAC drawn; then the cards at
        i and j swap. The cards are dealt from position 0.
      </p>
      <div className="casino-trace__wrap" role="region" aria-label="Shuffle steps" tabIndex={0}>
        <table className="table casino-trace__table" aria-label="Shuffle steps">
          <thead>
            <tr>
              <th scope="col">i</th>
              <th scope="col">HMAC message</th>
              <th scope="col">x</th>
              <th scope="col">j = x mod (i + 1)</th>
              <th scope="col">Swap</th>
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
                      {d.accepted ? '' : ' rejected (≥ limit)'}
                    </div>
                  ))}
                </td>
                <td className="num">{s.j}</td>
                <td className="nowrap">
                  {s.i === s.j ? (
                    <>
                      <Card code={s.card_i} small /> stays
                    </>
                  ) : (
                    <>
                      <Card code={s.card_i} small /> <span aria-hidden="true">↔</span>
                      <span className="visually-hidden">swaps with</span> <Card code={s.card_j} small />
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
