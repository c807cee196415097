import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../src/http.ts';
import { Intent, isAmbiguous, newRequestId, sendResolved } from '../src/intent.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('makes a v4 UUID without crypto.randomUUID (an insecure context)', () => {
    const getRandomValues = (a: Uint8Array) => {
      a.forEach((_, i) => (a[i] = (i * 37 + 11) & 0xff));
      return a;
    };
    vi.stubGlobal('crypto', { getRandomValues });
    try {
      expect(newRequestId()).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('makes one without any crypto at all, and distinct ones', () => {
    vi.stubGlobal('crypto', undefined);
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('uses randomUUID where there is one', () => {
    expect(newRequestId()).toMatch(UUID);
  });
});

describe('Intent', () => {
  it('keeps the id while the key is the same, a new one when it changes or after done()', () => {
    let n = 0;
    const intent = new Intent(() => `id-${++n}`);
    expect(intent.idFor('a')).toBe('id-1');
    expect(intent.idFor('a')).toBe('id-1');
    expect(intent.idFor('b')).toBe('id-2');
    expect(intent.idFor('a')).toBe('id-3');
    intent.done();
    expect(intent.idFor('a')).toBe('id-4');
  });

  it('locks synchronously: a second run while the first is out does not send', async () => {
    const intent = new Intent(() => 'only');
    const sent: string[] = [];
    let release!: () => void;
    const fn = (id: string) => {
      sent.push(id);
      return new Promise<string>((r) => (release = () => r('ok')));
    };
    const first = intent.run('k', fn);
    const second = intent.run('k', fn);
    expect(intent.busy).toBe(true);
    expect(await second).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: 'ok' });
    expect(sent).toEqual(['only']);
    expect(intent.busy).toBe(false);
  });

  it('frees the lock when the send throws, and keeps the id for the retry', async () => {
    let n = 0;
    const intent = new Intent(() => `id-${++n}`);
    await expect(intent.run('k', () => Promise.reject(new Error('net')))).rejects.toThrow('net');
    expect(intent.busy).toBe(false);
    const again = await intent.run('k', (id) => Promise.resolve(id));
    expect(again).toEqual({ ran: true, value: 'id-1' });
  });
});

describe('sendResolved', () => {
  const noWait = () => Promise.resolve();

  it('a 5xx or a lost connection is sent again; the answer says it was retried', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new HttpError(500, 'Internal Server Error', null))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('Bet already placed');
    expect(await sendResolved(send, [1, 1, 1], noWait)).toEqual({
      outcome: 'answered',
      value: 'Bet already placed',
      retried: true,
    });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('unknown after every try failed', async () => {
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await sendResolved(send, [1, 1], noWait)).toEqual({
      outcome: 'unknown',
      message: 'Failed to fetch',
    });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a 4xx is not ambiguous: thrown, not sent again', async () => {
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(new HttpError(422, 'Unprocessable', null));
    await expect(sendResolved(send, [1], noWait)).rejects.toThrow();
    expect(send).toHaveBeenCalledTimes(1);
    expect(isAmbiguous(new HttpError(503, 'x', null))).toBe(true);
    expect(isAmbiguous(new DOMException('timed out', 'TimeoutError'))).toBe(true);
  });
});
