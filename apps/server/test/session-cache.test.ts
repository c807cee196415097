// The per-node session cache: a revocation on this node is seen at once, and on another node (another
// auth service on the same store) at once when they share a bus, else within SESSION_CACHE_MS;
// expiry always counts.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createAuthService, hashToken as hashOf, SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { createInProcessBus } from '../src/plugins/bus.ts';
import { afterCommit } from '../src/db/commit-hooks.ts';
import { TestClock } from './helpers/clock.ts';
import { createBettor } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('session cache', (ctx) => {
  it('without a bus between them, another node sees a logout within the cache time', async () => {
    const clock = new TestClock();
    const nodeA = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 });
    const nodeB = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 });
    const u = await createBettor(ctx.app, 0);
    const first = await nodeA.issue(ctx.app.db, u.userId, null);
    const second = await nodeA.issue(ctx.app.db, u.userId, null);
    expect((await nodeA.lookup(first.token))?.userId).toBe(u.userId);
    expect((await nodeB.lookup(first.token))?.userId).toBe(u.userId);
    expect((await nodeB.lookup(second.token))?.userId).toBe(u.userId);

    // Revoked through node A: node A forgets it at once; node B still remembers it briefly.
    expect(await nodeA.revokeToken(ctx.app.db, u.userId, first.token)).toBe(true);
    expect(await nodeA.lookup(first.token)).toBeNull();
    expect((await nodeB.lookup(first.token))?.userId).toBe(u.userId);
    clock.advance(SESSION_CACHE_MS + 1);
    expect(await nodeB.lookup(first.token)).toBeNull();

    // A password change revokes the others: node A at once.
    expect((await nodeA.lookup(second.token))?.userId).toBe(u.userId);
    await nodeA.revokeOthers(ctx.app.db, u.userId, null);
    expect(await nodeA.lookup(second.token)).toBeNull();
  });

  it('with a bus between them, a logout, a revocation and a password change reach the other node at once', async () => {
    const clock = new TestClock();
    const bus = createInProcessBus();
    const nodeA = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 });
    const nodeB = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 });
    nodeA.useBus(bus);
    nodeB.useBus(bus);
    const u = await createBettor(ctx.app, 0);
    const [first, second, third] = [
      await nodeA.issue(ctx.app.db, u.userId, null),
      await nodeA.issue(ctx.app.db, u.userId, null),
      await nodeA.issue(ctx.app.db, u.userId, null),
    ];
    for (const s of [first, second, third]) expect((await nodeB.lookup(s.token))?.userId).toBe(u.userId);
    // Inside a transaction: nothing is forgotten before it commits.
    await ctx.app.db.transaction(async (tx) => {
      await nodeA.revoke(tx, first.sessionId);
      expect(nodeB.cache.get(hashOf(first.token))).toBeDefined();
    });
    expect(await nodeB.lookup(first.token)).toBeNull();
    expect((await nodeB.lookup(second.token))?.userId).toBe(u.userId);
    expect(await nodeA.revokeToken(ctx.app.db, u.userId, second.token)).toBe(true);
    expect(await nodeB.lookup(second.token)).toBeNull();
    await nodeA.revokeOthers(ctx.app.db, u.userId, null);
    expect(await nodeB.lookup(third.token)).toBeNull();
    await bus.close();
  });

  it('ending every sign-in (lock, new password, exclusion) reaches the other node at once, and the store refuses the old generation', async () => {
    const clock = new TestClock();
    const bus = createInProcessBus();
    const nodeA = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 });
    const nodeB = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 });
    const nodeC = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 1 }); // no bus
    nodeA.useBus(bus);
    nodeB.useBus(bus);
    const u = await createBettor(ctx.app, 0);
    const [kept, other] = [
      await nodeA.issue(ctx.app.db, u.userId, null),
      await nodeA.issue(ctx.app.db, u.userId, null),
    ];
    for (const s of [kept, other]) expect((await nodeB.lookup(s.token))?.userId).toBe(u.userId);
    await ctx.app.db.transaction((tx) => nodeA.endAll(tx, u.userId, kept.sessionId));
    expect(await nodeB.lookup(other.token)).toBeNull();
    expect((await nodeB.lookup(kept.token))?.userId).toBe(u.userId);
    expect((await nodeC.lookup(kept.token))?.userId).toBe(u.userId);
    // A session of the old generation that escaped revocation is refused by the store itself.
    const stale = await nodeA.issue(ctx.app.db, u.userId, null);
    await ctx.app.db.execute(
      sql`update users set session_generation = session_generation + 1 where user_id = ${u.userId}`,
    );
    expect(await nodeC.lookup(stale.token)).toBeNull();
    await bus.close();
  });

  it('expiry counts on every use, cached or not', async () => {
    const clock = new TestClock();
    const auth = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 0.0005 }); // 1.8 s
    const u = await createBettor(ctx.app, 0);
    const { token } = await auth.issue(ctx.app.db, u.userId, null);
    expect(await auth.lookup(token)).not.toBeNull();
    clock.advance(1_801);
    expect(await auth.lookup(token)).toBeNull();
  });

  it('from the moment a revocation is sent to commit until its node has heard of it, the session is not answered from memory', async () => {
    // PostgreSQL makes the commit visible before this node reads commit's answer; in between, a
    // request on this node must not pass on the remembered session.
    const auth = createAuthService({ db: ctx.app.db, clock: new TestClock(), tokenTtlHours: 1 });
    const u = await createBettor(ctx.app, 0);
    const { token } = await auth.issue(ctx.app.db, u.userId, null);
    expect(await auth.lookup(token)).not.toBeNull();
    const key = hashOf(token);
    expect(auth.cache.has(key)).toBe(true);
    const seen: boolean[] = [];
    await ctx.app.db.transaction(async (tx) => {
      // Registered before the revocation's own hook: it runs after the commit, before that hook.
      afterCommit(tx, () => seen.push(auth.cache.has(key)));
      await auth.revokeOthers(tx, u.userId, null);
      expect(auth.cache.has(key)).toBe(true);
    });
    expect(seen).toEqual([false]);
    expect(await auth.lookup(token)).toBeNull();
  });
});
