// Deliberately broken builds of the server, for the chaos checker's own tests (issue 44): the
// server bundled as `npm start` bundles it (scripts/build.mjs), with one or more plants — a few
// lines of one source file replaced by a bug — into a folder of its own under apps/server/.tmp/.
// A chaos run on such a build must report the violation the bug causes. Each plant names the exact
// text it replaces: when that text moves, the build fails and says which plant to update, so a
// plant never silently stops planting.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../../../../scripts/build.mjs';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

interface Edit {
  /** Under apps/server/src. */
  readonly file: string;
  readonly find: string;
  readonly replace: string;
}

/** The bugs a broken build can carry. */
export const PLANTS = {
  /**
   * A withdrawal that skips the balance lock: the request and its hold read the balance without
   * SELECT … FOR UPDATE, so two withdrawals at once (two tabs) both see the same available balance
   * and both hold it.
   */
  'withdrawal-skips-lock': [
    {
      file: 'modules/payments/service.ts',
      find: `            await wallet.lockBalancePaise(tx, userId);
            const [row] = await tx
              .insert(paymentRequests)
              .values({
                userId,
                type: 'WITHDRAW',`,
      replace: `            const [row] = await tx
              .insert(paymentRequests)
              .values({
                userId,
                type: 'WITHDRAW',`,
    },
    {
      file: 'modules/wallet/service.ts',
      find: `      const balance = await lockBalance(tx, userId);
      if (balance === null) return { ok: false, message: 'Unknown user', availablePaise: 0 };`,
      // The wait widens the race's window to what a loaded store shows: the other tab reads the
      // same balance meanwhile (without it the two requests overlapped only now and then, and a
      // 12 s run could show no double hold).
      replace: `      const balance = (await q.userAccount(tx, userId))?.balancePaise ?? null;
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (balance === null) return { ok: false, message: 'Unknown user', availablePaise: 0 };`,
    },
  ],
  /**
   * A push that skips a version: every node takes one state in three in without pushing it, and
   * gives the next state that state's number, so its clients never see the change (no gap tells
   * them to ask for an image). Each node skips other states (node cK skips the states it takes in
   * at K, K + 3, …), so clients of any two nodes see two states at one seq from the first changes
   * on. A skip left to chance (a quarter of the changes on every node) was not always met in a 12 s
   * run on a slow box, where the books move a dozen times (CI on 2026-12-01: no push violation).
   */
  'push-skips-version': [
    {
      file: 'plugins/ws-market-feeds.ts',
      find: `      const delta = next.seq === feed.seq + 1 ? diffImages(prev, next.image) : 'image';
      feed.seq = next.seq;
      feed.image = next.image;`,
      replace: `      const delta = diffImages(prev, next.image);
      feed.image = next.image;
      const taken = globalThis as { chaosStatesTaken?: number };
      taken.chaosStatesTaken = (taken.chaosStatesTaken ?? 0) + 1;
      const node = Number(/\\d+$/.exec(process.env.NODE_ID ?? '')?.[0] ?? 0);
      if (taken.chaosStatesTaken % 3 === node % 3) continue;
      feed.seq += 1;`,
    },
  ],
} satisfies Record<string, readonly Edit[]>;

export type PlantName = keyof typeof PLANTS;

/**
 * Bundles the server with the named plants into apps/server/.tmp/broken-<names>/ and answers the
 * path of its main.js (for `startNode`). Throws when a plant's text is not in its file exactly once.
 */
export async function buildBroken(names: readonly PlantName[]): Promise<string> {
  const edits = names.flatMap((n) => PLANTS[n].map((e) => ({ ...e, plant: n })));
  const applied = new Map<(typeof edits)[number], number>();
  const outdir = path.join(SERVER_DIR, '.tmp', `broken-${[...names].sort().join('+')}`);
  mkdirSync(outdir, { recursive: true });
  await bundle(SERVER_DIR, outdir, ['main', 'prepare-store'], (file: string, text: string) => {
    let out = text;
    for (const e of edits) {
      if (file !== path.join(SERVER_DIR, 'src', e.file)) continue;
      const times = out.split(e.find).length - 1;
      applied.set(e, times);
      if (times === 1) out = out.replace(e.find, e.replace);
    }
    return out;
  });
  for (const e of edits) {
    const times = applied.get(e) ?? 0;
    if (times !== 1)
      throw new Error(
        `plant ${e.plant}: its text is in src/${e.file} ${times} times, not once; the code moved: update PLANTS in test/chaos/broken-build.ts`,
      );
  }
  return path.join(outdir, 'main.js');
}
