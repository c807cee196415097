/**
 * Every change the console makes goes through `useAction`: one contract call with a request_id
 * (the operator calls are idempotent on it), kept while the same change is retried after a
 * failure, so a double click or a retry after a lost answer never does it twice. The id and the
 * synchronous lock are `@backlay/ui/intent`'s, the same the bettor's app places bets with. The
 * server's refusal comes back as `error`; success invalidates the lists it touched.
 */
import type { EndpointName, RequestOf, ResponseOf } from '@backlay/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useIntent } from '@backlay/ui/intent';
import { useCallback, useState } from 'react';
import { callEndpoint } from './api.ts';
import { HttpError } from './http.ts';
import { rupees } from './format.ts';
import { useNotify } from './notices.tsx';

export { newRequestId } from '@backlay/ui/intent';

type Body<N extends EndpointName> = Omit<Exclude<RequestOf<N>, undefined>, 'request_id'>;

export type ActionResult<N extends EndpointName> =
  { ok: true; data: ResponseOf<N>; message?: string } | { ok: false; message: string };

/**
 * A server refusal in the console's words: "amount: amount must be at most 1000000000" becomes
 * "Refused: the amount must be at most ₹1,00,00,00,000.00".
 */
export function refusalText(message: string): string {
  const m = /^amount: amount must be (at most|at least|more than|less than) (\d+(?:\.\d+)?)(.*)$/s.exec(
    message,
  );
  if (m) return `Refused: the amount must be ${m[1]} ${rupees(Number(m[2]))}${m[3]}`;
  return `Refused: ${message}`;
}

export function useAction<N extends EndpointName>(
  name: N,
  options: { invalidate?: QueryKey[]; success?: string | ((data: ResponseOf<N>) => string) } = {},
) {
  const client = useQueryClient();
  const notify = useNotify();
  // The request_id of a change not yet known to have been made, kept by its body, and the lock.
  const { intent, busy, run: runOnce } = useIntent();
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (body: Body<N>): Promise<ActionResult<N>> => {
      try {
        const sent = await runOnce(JSON.stringify(body), (requestId) => {
          setError(null);
          return callEndpoint(name, { ...body, request_id: requestId } as unknown as RequestOf<N>);
        });
        // A second click while the first is out sends nothing.
        if (!sent.ran) return { ok: false, message: 'Already being done' };
        const r = sent.value;
        // An answer, made or refused: the same change asked again is a new one (a refusal is
        // given again anyway).
        intent.done();
        if (!r.status) {
          setError(r.message);
          notify('error', r.message);
          return { ok: false, message: r.message };
        }
        await Promise.all(
          (options.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey })),
        );
        const text =
          typeof options.success === 'function'
            ? options.success(r.data)
            : (options.success ?? r.message ?? 'Done');
        notify('ok', text);
        return r.message === undefined
          ? { ok: true, data: r.data }
          : { ok: true, data: r.data, message: r.message };
      } catch (err) {
        // A 4xx with the server's message (a field out of range, say) is a refusal, not a failure.
        if (
          err instanceof HttpError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 408 &&
          err.status !== 429
        ) {
          intent.done();
          const message = refusalText(err.message);
          setError(message);
          notify('error', message);
          return { ok: false, message };
        }
        // No answer (network, server error): keep the request_id, so trying again is safe.
        const message = err instanceof Error ? err.message : 'The request failed';
        setError(`${message}. Trying again is safe: it will not be done twice.`);
        notify('error', message);
        return { ok: false, message };
      }
    },
    [client, intent, name, notify, options, runOnce],
  );

  const reset = useCallback(() => setError(null), []);
  return { run, busy, error, reset };
}
