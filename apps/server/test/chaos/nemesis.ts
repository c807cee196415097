// The nemesis of the chaos run: seeded, one fault at a time, each healed before the next, so that
// at most one node is down at any moment. Faults: a node killed (kill -9) and started again, the
// leader killed and started again, a node paused (SIGSTOP) and resumed; one node's PostgreSQL,
// NATS or Redis cut, silent (connections open, nothing crosses) or slowed; every node's
// PostgreSQL silent at once, every node's NATS cut at once. Each fault is
// logged with its start and heal times.
import { settle, startNode, nodeInfo, waitHealthy, type ClusterNode } from '../helpers/cluster.ts';
import type { FaultProxy } from '../helpers/fault-proxy.ts';
import type { Fault, FaultKind } from './history.ts';

/** A node's connections to the services, each through its own proxy. */
export interface NodeLinks {
  readonly store: FaultProxy;
  readonly bus: FaultProxy;
  readonly cache: FaultProxy;
}

export interface NemesisContext {
  readonly nodes: ClusterNode[];
  readonly links: ReadonlyMap<string, NodeLinks>;
  readonly rand: () => number;
  readonly running: () => boolean;
  readonly faults: Fault[];
  /** The kinds this run may use (all by default). */
  readonly kinds?: readonly FaultKind[];
}

export const FAULT_KINDS: readonly FaultKind[] = [
  'kill',
  'leader-kill',
  'pause',
  'store-cut',
  'store-silent',
  'store-slow',
  'bus-cut',
  'bus-silent',
  'bus-slow',
  'cache-cut',
  'cache-silent',
  'cache-slow',
  'all-store-silent',
  'all-bus-cut',
];
/** Between two faults, and how long one lasts (ms). */
const CALM_MS: readonly [number, number] = [1_500, 4_000];
const HOLD_MS: readonly [number, number] = [1_000, 4_000];
/** Added latency of a slowed link (PostgreSQL, NATS or Redis), each way. */
const SLOW_LINK_MS = 150;
/** A restarted node must answer /healthz within this. */
const RESTART_TIMEOUT_MS = 60_000;

const between = (rand: () => number, [lo, hi]: readonly [number, number]) =>
  lo + Math.floor(rand() * (hi - lo));

async function leaderOf(nodes: readonly ClusterNode[]): Promise<ClusterNode | undefined> {
  const infos = await Promise.all(nodes.map((n) => (n.exited ? null : nodeInfo(n))));
  return nodes.find((_, i) => infos[i]?.leader);
}

type Link = keyof NodeLinks;
/** What a network fault does to a link: cut it, silence it, or slow it. */
type LinkFault = { link: Link; how: 'cut' | 'silent' | 'slow'; all?: true };
/** The network faults, by kind: which link, how, and whether on every node at once. */
const LINK_FAULTS: Partial<Record<FaultKind, LinkFault>> = {
  'store-cut': { link: 'store', how: 'cut' },
  'store-silent': { link: 'store', how: 'silent' },
  'store-slow': { link: 'store', how: 'slow' },
  'bus-cut': { link: 'bus', how: 'cut' },
  'bus-silent': { link: 'bus', how: 'silent' },
  'bus-slow': { link: 'bus', how: 'slow' },
  'cache-cut': { link: 'cache', how: 'cut' },
  'cache-silent': { link: 'cache', how: 'silent' },
  'cache-slow': { link: 'cache', how: 'slow' },
  'all-store-silent': { link: 'store', how: 'silent', all: true },
  'all-bus-cut': { link: 'bus', how: 'cut', all: true },
};

function breakLink(p: FaultProxy, how: LinkFault['how']) {
  if (how === 'cut') p.cut();
  else if (how === 'silent') p.silent();
  else p.latency(SLOW_LINK_MS);
}

/** Applies one fault, holds it, heals it. */
async function oneFault(ctx: NemesisContext, kind: FaultKind): Promise<Fault | null> {
  const live = ctx.nodes.filter((n) => !n.exited);
  let node = live[Math.floor(ctx.rand() * live.length)]!;
  if (kind === 'leader-kill') {
    const leader = await leaderOf(ctx.nodes);
    if (leader === undefined) return null;
    node = leader;
  }
  const hold = between(ctx.rand, HOLD_MS);
  const fault: Fault = { kind, node: kind.startsWith('all-') ? 'all' : node.name, at_ms: Date.now() };
  const network = LINK_FAULTS[kind];
  if (network !== undefined) {
    const proxies = (network.all ? [...ctx.links.values()] : [ctx.links.get(node.name)!]).map(
      (l) => l[network.link],
    );
    for (const p of proxies) breakLink(p, network.how);
    await settle(hold);
    for (const p of proxies) p.heal();
  } else if (kind === 'pause') {
    node.child.kill('SIGSTOP');
    await settle(hold);
    node.child.kill('SIGCONT');
  } else {
    // kill, leader-kill: kill -9, then started again on its port with its settings.
    node.child.kill('SIGKILL');
    await settle(hold);
    startNode(node.name, node.port, node.env, node);
    await waitHealthy(node, RESTART_TIMEOUT_MS);
  }
  fault.healed_ms = Date.now();
  return fault;
}

/** Runs faults until the run ends; every fault is healed when it returns. */
export async function runNemesis(ctx: NemesisContext): Promise<void> {
  const kinds = ctx.kinds ?? FAULT_KINDS;
  await settle(between(ctx.rand, CALM_MS));
  while (ctx.running()) {
    const kind = kinds[Math.floor(ctx.rand() * kinds.length)]!;
    const fault = await oneFault(ctx, kind);
    if (fault !== null) ctx.faults.push(fault);
    await settle(between(ctx.rand, CALM_MS));
  }
}
