// Where an exchange command runs (issue 43; docs/architecture.md, "One owner per market"): on the
// node that owns its market's shard (plugins/shard-leases.ts). A command taken by another node is
// forwarded to the owner over the bus (request/reply on `exchange-shard.<k>`), already validated,
// with its staker and request id; the owner queues it with its own commands, so the market's
// rounds run on one node, its book stays in that node's memory, and no two nodes wait on the
// market's row. The reply is the command's outcome.
//
// Why falling back to run a command here is safe: every round still locks the market's row, reads
// the repeats of its request ids, checks its cached book against the row's `next_seq`, and grants
// the money under the wallet rows' lock. So when the owner cannot be reached (no node answers the
// shard after a few tries, the bus is down or a node quiet, or no answer in FORWARD_TIMEOUT_MS),
// the command runs on the node that took it: a bet the owner placed after all is found as a
// repeat, or loses on the (user, request id) key and is answered with the owner's result. The
// owner is the fast path, not what keeps the money right.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { BusRequestFailed } from '../../plugins/bus.ts';
import { storeFailureOf } from '../../db/store.ts';
import type { FencedOut } from '../../plugins/leader.ts';
import { shardOfLease } from '../../plugins/shard-leases.ts';
import {
  MAX_QUEUED_COMMANDS_PER_MARKET,
  QUEUE_FULL_BET_MESSAGE,
  QUEUE_FULL_CANCEL_MESSAGE,
} from '../markets/command-queue.ts';
import type { Outcome } from './batch.ts';
import type { CashOutOutcome } from './cash-out-types.ts';
import type { Command } from './commands.ts';
import type { CancelOutcome, PlaceBetOutcome } from './types.ts';

/**
 * A forwarded command's answer waits this long; then it runs on the node that took it. Well under
 * the request's deadline (plugins/deadline.ts, 1.8 s), so that a bet sent into a bus gone silent is
 * still placed and answered in time; an owner's round takes milliseconds.
 */
export const FORWARD_TIMEOUT_MS = 600;
/** A command sent back by a node that no longer owns its shard is forwarded again at most this often. */
export const FORWARD_HOPS_MAX = 3;
/** First wait when no node answers a shard (it is changing hands), doubled each try. */
export const NO_OWNER_WAIT_MS = 25;
/** Markets' groups of commands in one forwarded request, at most (a tick's to one owner node). */
export const FORWARD_GROUPS_MAX = 256;

/** What a forwarded command's owner answers for it. */
type Answer = { o: Outcome } | { moved: true } | { error: string; code?: string };

export type OwnerStats = {
  /** Commands sent to their owner, and answered by it. */
  forwarded: number;
  /** Requests that carried them (a tick's commands for one owner node go in one). */
  requests: number;
  /** Commands of other nodes this node ran as their owner. */
  served: number;
  /** Commands sent back because their shard had moved on. */
  moved: number;
  /** Commands run here though another node owns their market (the owner could not be reached). */
  ran_here: number;
  /** Rounds refused by their shard's fence (another node had taken it over). */
  fenced_rounds: number;
};

export const subjectOf = (k: number) => `exchange-shard.${k}`;
/** A node's own subject: the commands of every shard it owns, coalesced per tick by each sender. */
const nodeSubjectOf = (key: string) => `exchange-node.${key}`;

/** The command's outcome when its market's queue is full. */
function fullOutcome(c: Command): Outcome {
  return { ok: false, message: c.kind === 'cancel' ? QUEUE_FULL_CANCEL_MESSAGE : QUEUE_FULL_BET_MESSAGE };
}

export function answerCommand(c: Command, o: Outcome) {
  if (c.kind === 'place') c.done(o as PlaceBetOutcome);
  else if (c.kind === 'cashout') c.done(o as CashOutOutcome);
  else c.done(o as CancelOutcome);
}

/** The command as it travels: its data without the callbacks (JSON drops functions). */
function wireOf(c: Command): unknown {
  const { moved: _m, here: _h, ...rest } = c;
  return rest;
}

/** A forwarded command's failure on its owner, as an error here (a store failure stays one: a 503). */
function errorOf(a: { error: string; code?: string }): Error {
  return Object.assign(new Error(a.error), a.code === undefined ? {} : { code: a.code });
}

/** One market's forwarded commands, in order (a quote's orders and cancels together). */
type Group = { market_id: number; commands: Command[] };

/** A request from another node: groups of one market's commands each, at most FORWARD_GROUPS_MAX. */
function parseRequest(payload: unknown): Group[] {
  const groups = (payload as { groups?: unknown } | null)?.groups;
  const isGroup = (g: unknown) => {
    const x = g as { market_id?: unknown; commands?: unknown } | null;
    return (
      !!x &&
      Number.isSafeInteger(x.market_id) &&
      Array.isArray(x.commands) &&
      x.commands.length <= MAX_QUEUED_COMMANDS_PER_MARKET &&
      x.commands.every((c) => c && typeof c === 'object' && ['place', 'cancel', 'cashout'].includes(c.kind))
    );
  };
  if (!Array.isArray(groups) || groups.length > FORWARD_GROUPS_MAX || !groups.every(isGroup))
    throw new Error('exchange: a forwarded request that is not groups of one market’s commands');
  return groups as Group[];
}

/** What an owner answers a request: its node's key, and each group's answers. */
type Reply = { node: string; answers: Answer[][] };

/**
 * Long because it is a factory: its inner functions (each short) share the shard leases, the bus
 * and this node's queue (`local`, which answers nothing: false when the market's queue is full).
 */
export function createOwners(
  app: Pick<FastifyInstance, 'bus' | 'shards' | 'log'>,
  local: (marketId: number, c: Command) => boolean,
) {
  const stats: OwnerStats = { forwarded: 0, requests: 0, served: 0, moved: 0, ran_here: 0, fenced_rounds: 0 };
  const { shards } = app;
  const owns = (marketId: number) => shards.fence(shards.shardOf(marketId)) !== null;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** This node's key on the bus, and the owner node each shard's last answer came from. */
  const nodeKey = randomBytes(6).toString('hex');
  const ownerOf = new Map<number, string>();
  /** Each owner node's groups waiting for this tick's one request, with their callers. */
  const outbox = new Map<string, { groups: unknown[]; waiters: ((a: Answer[] | Error) => void)[] }>();

  function runHere(marketId: number, cmds: readonly Command[], unowned: boolean) {
    for (const c of cmds) {
      if (unowned) {
        c.here = true;
        stats.ran_here += 1;
      }
      if (!local(marketId, c)) answerCommand(c, fullOutcome(c));
    }
  }

  /** Commands for one market, in order: queued here when this node owns it, else forwarded. */
  function submit(marketId: number, cmds: readonly Command[]): void {
    if (cmds.length === 0) return;
    if (owns(marketId)) return runHere(marketId, cmds, false);
    void forward(marketId, cmds).catch((err: unknown) => {
      app.log.error({ err, market_id: marketId }, 'exchange: forwarding failed');
      for (const c of cmds) c.fail(err);
    });
  }

  /** Commands a round found on a market this node no longer owns: each back where it came from. */
  function reroute(marketId: number, cmds: readonly Command[]) {
    const ours = cmds.filter((c) => {
      if (!c.moved) return true;
      c.moved();
      return false;
    });
    submit(marketId, ours);
  }

  async function forward(marketId: number, cmds: readonly Command[]) {
    const k = shards.shardOf(marketId);
    let pending = cmds;
    for (let hop = 0, wait = 0; pending.length > 0;) {
      if (owns(marketId)) return runHere(marketId, pending, false);
      // The bus down, or another node quiet (it may be the owner): no waiting on an answer.
      if (hop >= FORWARD_HOPS_MAX || wait >= FORWARD_HOPS_MAX || !app.bus.stats.in_sync)
        return runHere(marketId, pending, true);
      let answers: Answer[];
      const known = ownerOf.get(k);
      try {
        answers = known ? await viaNode(known, marketId, pending) : await viaShard(k, marketId, pending);
        if (!Array.isArray(answers) || answers.length !== pending.length)
          throw new Error('a malformed answer');
      } catch (err) {
        if (known !== undefined && err instanceof BusRequestFailed && err.why === 'no-responder') {
          // The node that owned the shard is gone: ask the shard's subject, at once.
          ownerOf.delete(k);
          hop += 1;
          continue;
        }
        if (err instanceof BusRequestFailed && err.why === 'no-responder') {
          // Nobody owns the shard this moment (it is changing hands): wait, then ask again.
          await sleep(NO_OWNER_WAIT_MS * 2 ** wait++);
          continue;
        }
        app.log.warn(
          { err, market_id: marketId, shard: k },
          'exchange: the owner did not answer; running here',
        );
        return runHere(marketId, pending, true);
      }
      stats.forwarded += pending.length;
      const moved: Command[] = [];
      answers.forEach((a, i) => {
        const c = pending[i]!;
        if ('moved' in a) moved.push(c);
        else if ('o' in a) answerCommand(c, a.o);
        else c.fail(errorOf(a));
      });
      stats.moved += moved.length;
      if (moved.length > 0) ownerOf.delete(k);
      pending = moved;
      hop += 1;
    }
  }

  /** The shard's subject, alone: whoever owns it answers, and says which node it is. */
  async function viaShard(k: number, marketId: number, cmds: readonly Command[]): Promise<Answer[]> {
    stats.requests += 1;
    const r = (await app.bus.request(
      subjectOf(k),
      { groups: [{ market_id: marketId, commands: cmds.map(wireOf) }] },
      FORWARD_TIMEOUT_MS,
    )) as Reply;
    if (typeof r?.node === 'string' && r.node !== nodeKey) ownerOf.set(k, r.node);
    return r?.answers?.[0] as Answer[];
  }

  /**
   * The owner node's own subject: this tick's groups for that node go in one request (one write
   * each way for all of them), sent after the tick.
   */
  function viaNode(key: string, marketId: number, cmds: readonly Command[]): Promise<Answer[]> {
    let box = outbox.get(key);
    if (!box || box.groups.length >= FORWARD_GROUPS_MAX) {
      box = { groups: [], waiters: [] };
      outbox.set(key, box);
      const sending = box;
      setImmediate(() => void flush(key, sending));
    }
    box.groups.push({ market_id: marketId, commands: cmds.map(wireOf) });
    const waiting = box;
    return new Promise<Answer[]>((resolve, reject) =>
      waiting.waiters.push((a) => (a instanceof Error ? reject(a) : resolve(a))),
    );
  }

  async function flush(key: string, box: { groups: unknown[]; waiters: ((a: Answer[] | Error) => void)[] }) {
    if (outbox.get(key) === box) outbox.delete(key);
    stats.requests += 1;
    try {
      const r = (await app.bus.request(
        nodeSubjectOf(key),
        { groups: box.groups },
        FORWARD_TIMEOUT_MS,
      )) as Reply;
      if (!Array.isArray(r?.answers) || r.answers.length !== box.groups.length)
        throw new Error('a malformed answer');
      box.waiters.forEach((w, i) => w(r.answers[i]!));
    } catch (err) {
      for (const w of box.waiters) w(err as Error);
    }
  }

  /** As the owner: another node's groups of commands (`k`: only that shard's), each answered when its round has run. */
  async function serve(k: number | null, payload: unknown): Promise<Reply> {
    const groups = parseRequest(payload);
    for (const g of groups)
      if (k !== null && shards.shardOf(g.market_id) !== k)
        throw new Error(`exchange: market ${g.market_id} is not of shard ${k}`);
    return { node: nodeKey, answers: await Promise.all(groups.map(serveGroup)) };
  }

  async function serveGroup({ market_id, commands }: Group): Promise<Answer[]> {
    if (!owns(market_id)) return commands.map(() => ({ moved: true as const }));
    stats.served += commands.length;
    return Promise.all(
      commands.map(
        (wire) =>
          new Promise<Answer>((resolve) => {
            const c = {
              ...wire,
              done: (o: Outcome) => resolve({ o }),
              fail: (err: unknown) => {
                const code = storeFailureOf(err) ? (err as { code?: string }).code : undefined;
                resolve({ error: (err as Error).message ?? String(err), ...(code ? { code } : {}) });
              },
              moved: () => resolve({ moved: true }),
            } as Command;
            if (!local(market_id, c)) resolve({ o: fullOutcome(c) });
          }),
      ),
    );
  }

  // Answer a shard's subject exactly while this node holds the shard.
  const answering = new Map<number, () => void>();
  const follow = (k: number, held: boolean) => {
    if (held && !answering.has(k))
      answering.set(
        k,
        app.bus.respond(subjectOf(k), (p) => serve(k, p)),
      );
    if (!held) {
      answering.get(k)?.();
      answering.delete(k);
    }
  };
  if (shards.kind !== 'single-node') {
    for (const k of shards.held()) follow(k, true);
    shards.onChange(follow);
    app.bus.respond(nodeSubjectOf(nodeKey), (p) => serve(null, p));
  }

  /** A round refused by a fence: its shard is given up (the commands are rerouted by the round). */
  function fenced(err: FencedOut) {
    stats.fenced_rounds += 1;
    const k = err.fence ? shardOfLease(err.fence.lease) : null;
    if (k !== null) shards.lost(k);
  }

  /**
   * The fences a round over `marketIds` checks in its transaction: one per shard it runs as the
   * owner (none on a single node, nor for a market whose commands run here without its owner).
   */
  function fencesOf(marketIds: Iterable<number>) {
    if (shards.kind === 'single-node') return [];
    const byShard = new Map<number, NonNullable<ReturnType<typeof shards.fence>>>();
    for (const m of marketIds) {
      const k = shards.shardOf(m);
      const f = shards.fence(k);
      if (f) byShard.set(k, f);
    }
    return [...byShard.values()];
  }

  /**
   * Of a market's waiting commands (changed in place), those that may not run here — this node no
   * longer owns the market, and they were not sent here for want of an owner — rerouted.
   */
  function keepRunnable(marketId: number, cmds: Command[]) {
    if (shards.kind === 'single-node' || owns(marketId)) return;
    const away = cmds.filter((c) => !c.here);
    if (away.length === 0) return;
    const stay = cmds.filter((c) => c.here);
    cmds.splice(0, cmds.length, ...stay);
    reroute(marketId, away);
  }

  return { submit, reroute, fenced, fencesOf, keepRunnable, owns, stats };
}
export type Owners = ReturnType<typeof createOwners>;
