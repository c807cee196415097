/**
 * One intent, one effect (docs/decisions.md "One intent, one bet"). Shared by the bettor's app
 * (placing bets) and the operator console (every change, `useAction`):
 *
 * - `newRequestId()` makes a request_id on any page, secure context or not: `crypto.randomUUID`
 *   exists only on https and localhost, `crypto.getRandomValues` everywhere.
 * - `Intent` keeps one request_id for one thing the user means (a key: the slip's selection,
 *   side, price and stake; the console's request body) until the user changes it or the server
 *   gave a definite answer, and a synchronous lock: a second click while the first is out is
 *   dropped before React has rendered anything.
 * - `sendResolved` sends with that id and, when the answer is ambiguous (5xx, timeout, connection
 *   lost), sends again with the same id: the server answers a repeated id with the first result
 *   ("Bet already placed"), so the retry says whether the first was made, never makes a second.
 */
import { useCallback, useState } from 'react';

/** A v4 UUID; needs no secure context. */
export function newRequestId(): string {
  const c = (globalThis as { crypto?: Partial<Crypto> }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One user intent: its request_id (kept while the key is the same) and a synchronous lock. */
export class Intent {
  private current: { key: string; id: string } | null = null;
  private locked = false;
  constructor(private readonly makeId: () => string = newRequestId) {}

  /** The request_id for this key: the kept one while the key is unchanged, else a new one. */
  idFor(key: string): string {
    if (this.current?.key !== key) this.current = { key, id: this.makeId() };
    return this.current.id;
  }

  /** The intent got a definite answer (made or refused): the next send is a new intent. */
  done(): void {
    this.current = null;
  }

  get busy(): boolean {
    return this.locked;
  }

  /**
   * Runs `fn` with this key's request_id unless a run is already out (then returns
   * `{ ran: false }` at once). The lock is taken synchronously, before any await.
   */
  async run<T>(
    key: string,
    fn: (requestId: string) => Promise<T>,
  ): Promise<{ ran: false } | { ran: true; value: T }> {
    if (this.locked) return { ran: false };
    this.locked = true;
    try {
      return { ran: true, value: await fn(this.idFor(key)) };
    } finally {
      this.locked = false;
    }
  }
}

/** Ambiguous: no answer says whether the server did it (network error, timeout, 5xx). */
export function isAmbiguous(err: unknown): boolean {
  if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number')
    return err.status >= 500;
  return true;
}

export type Resolved<T> =
  { outcome: 'answered'; value: T; retried: boolean } | { outcome: 'unknown'; message: string };

/**
 * Sends with the same request_id until an answer comes: an ambiguous failure is sent again after
 * `delaysMs[i]`; a non-ambiguous error (4xx other than refusals, a broken answer) is thrown.
 * `unknown` when every try was ambiguous: the caller keeps the id, so trying again is safe.
 */
export async function sendResolved<T>(
  send: () => Promise<T>,
  delaysMs: readonly number[] = [300, 1000, 2500],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Resolved<T>> {
  let lastMessage = 'The connection failed';
  for (let attempt = 0; attempt <= delaysMs.length; attempt++) {
    try {
      return { outcome: 'answered', value: await send(), retried: attempt > 0 };
    } catch (err) {
      if (!isAmbiguous(err)) throw err;
      lastMessage = err instanceof Error && err.message ? err.message : lastMessage;
      const wait = delaysMs[attempt];
      if (wait === undefined) break;
      await sleep(wait);
    }
  }
  return { outcome: 'unknown', message: lastMessage };
}

/**
 * A component's `Intent`, with `busy` as React state for the button (the lock itself is the
 * Intent's, synchronous). `run` returns `{ ran: false }` for a click while one is out.
 */
export function useIntent() {
  const [intent] = useState(() => new Intent());
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(key: string, fn: (requestId: string) => Promise<T>) => {
      // Intent.run takes (or refuses) the lock synchronously; busy only mirrors it for rendering.
      const dropped = intent.busy;
      const p = intent.run(key, fn);
      if (dropped) return p;
      setBusy(true);
      try {
        return await p;
      } finally {
        setBusy(false);
      }
    },
    [intent],
  );
  return { intent, busy, run };
}
