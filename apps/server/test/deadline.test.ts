// plugins/deadline.ts: every /api call is answered by its deadline, each at its own, however many
// are in flight and in whatever order they came; a call that waits on purpose moves its own on;
// an answered call is never touched again; other paths are not cut.
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGE, deadlinePlugin } from '../src/plugins/deadline.ts';

const DEADLINE_MS = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function server() {
  const cut = { count: 0 };
  app = Fastify();
  await app.register(
    fp(
      async (a) => {
        a.decorate('metrics', { requestDeadline: () => (cut.count += 1) } as never);
      },
      { name: 'metrics' },
    ),
  );
  await app.register(deadlinePlugin, { deadline_ms: DEADLINE_MS });
  const slow = async (req: { query: unknown }) => {
    const q = req.query as { ms?: string; extend?: string };
    await sleep(Number(q.ms ?? 0));
    return { status: true };
  };
  app.get('/api/slow', slow);
  app.get('/other/slow', slow);
  app.get('/api/waits', async (req) => {
    req.extendDeadline?.(200);
    await sleep(DEADLINE_MS + 100);
    return { status: true, waited: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const call = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      ms: performance.now() - t0,
    };
  };
  return { call, cut };
}

describe('request deadline', () => {
  it('answers a call still working at its deadline with a 503 in words, not before', async () => {
    const { call, cut } = await server();
    const r = await call('/api/slow?ms=600');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: false, message: DEADLINE_MESSAGE });
    expect(r.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(r.ms).toBeLessThan(500);
    expect(cut.count).toBe(1);
  });

  it('answers each of several calls in flight at its own deadline, in the order they came', async () => {
    const { call } = await server();
    const started: Promise<{ status: number; ms: number; at: number }>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) {
      started.push(call('/api/slow?ms=700').then((r) => ({ ...r, at: performance.now() - t0 })));
      await sleep(60);
    }
    const answers = await Promise.all(started);
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
    // Each one about DEADLINE_MS after it was sent (60 ms apart), not all at the first's.
    for (const [i, a] of answers.entries()) {
      expect(a.at, `call ${i}`).toBeGreaterThanOrEqual(i * 60 + DEADLINE_MS - 5);
      expect(a.at, `call ${i}`).toBeLessThan(i * 60 + DEADLINE_MS + 250);
    }
  });

  it('a call that waits on purpose moves its own deadline on; an answered call is never cut', async () => {
    const { call, cut } = await server();
    const waited = await call('/api/waits');
    expect(waited).toMatchObject({ status: 200, body: { status: true, waited: true } });
    const fast = await call('/api/slow?ms=0');
    expect(fast.status).toBe(200);
    await sleep(DEADLINE_MS + 50);
    expect(cut.count).toBe(0);
  });

  it('cuts only /api calls', async () => {
    const { call, cut } = await server();
    const r = await call('/other/slow?ms=300');
    expect(r.status).toBe(200);
    expect(cut.count).toBe(0);
  });
});
