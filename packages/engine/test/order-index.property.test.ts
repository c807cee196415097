// Model-based test of the book's order index (src/book/order-index.ts): under any sequence of
// sets, deletes, clears and iterator steps — iterators opened before, during and after the
// mutations — it answers exactly as a native Map does. The book's own tests cover its use.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BookOrder } from '../src/index.ts';
import { OrderIndex } from '../src/book/order-index.ts';

type Op =
  | { kind: 'set'; key: number; value: number }
  | { kind: 'delete'; key: number }
  | { kind: 'get'; key: number }
  | { kind: 'clear' }
  | { kind: 'open'; which: 'keys' | 'values' | 'entries' }
  | { kind: 'step'; it: number; n: number };

/** A stand-in order: the index never looks inside its values. */
const order = (n: number): BookOrder => ({ n }) as unknown as BookOrder;

const KEYS = 150;

/** Few distinct keys (so sets hit present keys and deletes hit live ones), many ops (compactions). */
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 120,
    arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.nat(KEYS), value: fc.nat(1000) }),
  },
  { weight: 100, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.nat(KEYS) }) },
  { weight: 40, arbitrary: fc.record({ kind: fc.constant('get' as const), key: fc.nat(KEYS) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      which: fc.constantFrom('keys' as const, 'values' as const, 'entries' as const),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('step' as const),
      it: fc.nat(7),
      n: fc.integer({ min: 1, max: 20 }),
    }),
  },
);

function run(ops: readonly Op[]): void {
  const model = new Map<string, BookOrder>();
  const index = new OrderIndex();
  const iters: [Iterator<unknown>, Iterator<unknown>][] = [];
  for (const op of ops) {
    switch (op.kind) {
      case 'set': {
        const v = order(op.value);
        model.set(`k${op.key}`, v);
        expect(index.set(`k${op.key}`, v)).toBe(index);
        break;
      }
      case 'delete':
        expect(index.delete(`k${op.key}`)).toBe(model.delete(`k${op.key}`));
        break;
      case 'get':
        expect(index.get(`k${op.key}`)).toBe(model.get(`k${op.key}`));
        expect(index.has(`k${op.key}`)).toBe(model.has(`k${op.key}`));
        break;
      case 'clear':
        model.clear();
        index.clear();
        break;
      case 'open':
        iters.push([model[op.which](), index[op.which]()]);
        break;
      case 'step': {
        const pair = iters[op.it % Math.max(1, iters.length)];
        if (pair === undefined) break;
        for (let i = 0; i < op.n; i++) expect(pair[1].next()).toEqual(pair[0].next());
        break;
      }
    }
    expect(index.size).toBe(model.size);
  }
  expect([...index.entries()]).toEqual([...model.entries()]);
  expect([...index]).toEqual([...model]);
  const seen: [string, BookOrder][] = [];
  index.forEach((v, k, m) => {
    expect(m).toBe(index);
    seen.push([k, v]);
  });
  expect(seen).toEqual([...model]);
  // iterators left open run to the end as the Map's do, then stay done
  for (const [m, i] of iters) {
    for (;;) {
      const a = m.next();
      expect(i.next()).toEqual(a);
      if (a.done === true) break;
    }
    expect(i.next()).toEqual({ done: true, value: undefined });
  }
}

describe('OrderIndex behaves as a Map', () => {
  it('agrees with a native Map under random sets, deletes, clears and interleaved iteration', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 1500, size: 'max' }), (ops) => run(ops)),
      { numRuns: 40 },
    );
  }, 30_000);

  it('keeps its answers through growth and compaction of thousands of entries', () => {
    const ops: Op[] = [{ kind: 'open', which: 'entries' }];
    for (let i = 0; i < 20_000; i++) {
      ops.push({ kind: 'set', key: i, value: i });
      if (i >= 3000) ops.push({ kind: 'delete', key: i - 3000 });
      if (i % 997 === 0) ops.push({ kind: 'step', it: 0, n: 5 });
    }
    // the op keys above exceed the arbitrary's range on purpose: a churning book of 3,000 orders
    run(ops);
  }, 30_000);

  it('says it is a Map and refuses keys that are not strings', () => {
    const index = new OrderIndex();
    expect(Object.prototype.toString.call(index)).toBe('[object Map]');
    expect(index.get(1 as unknown as string)).toBeUndefined();
    expect(() => index.set(1 as unknown as string, order(1))).toThrow(TypeError);
  });
});
