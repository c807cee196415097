// The per-node session cache: a revocation on this node is seen at once; one made on another node
// (another auth service on the same store) is seen within SESSION_CACHE_MS; expiry always counts.
import { expect, it } from 'vitest';
import { createAuthService, SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { TestClock } from './helpers/clock.ts';
import { createBettor } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('session cache', (ctx) => {
  it('a logout on this node ends the session at once; another node sees it within the cache time', async () => {
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

  it('expiry counts on every use, cached or not', async () => {
    const clock = new TestClock();
    const auth = createAuthService({ db: ctx.app.db, clock, tokenTtlHours: 0.0005 }); // 1.8 s
    const u = await createBettor(ctx.app, 0);
    const { token } = await auth.issue(ctx.app.db, u.userId, null);
    expect(await auth.lookup(token)).not.toBeNull();
    clock.advance(1_801);
    expect(await auth.lookup(token)).toBeNull();
  });
});
