// One bettor of the chaos run as its own process (run.ts spawns one per bettor): it reads its part
// from the file named first, follows the match-odds market's prices over a WebSocket of its own,
// says it is ready and acts from run.ts's start until the time the start names (so a process slow
// to start on a loaded box does not eat the run's window), writes its history (every operation
// with every attempt) to the file named second and says so to run.ts; then, once run.ts has
// healed every fault and tells it the seq of the book, it waits (a while) for its socket to reach
// that seq and answers what its pushes showed. Its own process, so a bettor's event loop never
// waits on the harness's (the nemesis, the checks) or on another bettor's.
import { readFileSync, writeFileSync } from 'node:fs';
import { mulberry32 } from '@backlay/feed';
import { settle } from '../helpers/cluster.ts';
import { LiveClient, PushCheck } from '../helpers/live-client.ts';
import { runBettor, type BettorContext } from './bettor.ts';
import type { Operation } from './history.ts';

/** What run.ts hands a bettor process: its context without the functions, and when to stop. */
export type BettorPart = Omit<BettorContext, 'rand' | 'running' | 'history'> & {
  readonly seed: number;
  /** The market whose pushes it follows, at this WebSocket address, from this client address. */
  readonly follow: { readonly url: string; readonly market_id: number; readonly ip: string };
};

/** run.ts → the process, once every bettor is ready: act until `end_ms`. */
export type StartAsk = { readonly type: 'start'; readonly end_ms: number };
/** run.ts → the process: the book is at `seq`; answer once the socket reached it or `within_ms` passed. */
export type ConvergeAsk = { readonly type: 'converge'; readonly seq: number; readonly within_ms: number };
/** The process → run.ts. */
export type BettorNews =
  | { readonly type: 'ready' }
  | { readonly type: 'history' }
  | {
      readonly type: 'followed';
      readonly last_seq: number;
      readonly problems: readonly string[];
      /** The state's digest at each seq its socket saw. */
      readonly digests: readonly [number, string][];
    };

const [partFile, historyFile] = process.argv.slice(2);
if (partFile === undefined || historyFile === undefined || process.send === undefined) {
  console.error('usage: bettor-process.ts <part.json> <history.json>, spawned with an IPC channel');
  process.exit(2);
}
const tell = (news: BettorNews, then: () => void = () => {}) => process.send!(news, then);
const part = JSON.parse(readFileSync(partFile, 'utf8')) as BettorPart;
// Digests only, not the messages: a long run pushes millions.
const check = new PushCheck(`client ${part.index} connection`);
const follower = new LiveClient(part.follow.url, part.follow.market_id, part.follow.ip, check, false);
await follower.open();
const start = await new Promise<StartAsk>((resolve) => {
  const on = (ask: StartAsk | ConvergeAsk) => {
    if (ask.type !== 'start') return;
    process.off('message', on);
    resolve(ask);
  };
  process.on('message', on);
  tell({ type: 'ready' });
});
const history: Operation[] = [];
await runBettor({ ...part, rand: mulberry32(part.seed), running: () => Date.now() < start.end_ms, history });
writeFileSync(historyFile, JSON.stringify(history));
tell({ type: 'history' });
process.on('message', (ask: StartAsk | ConvergeAsk) => {
  if (ask.type !== 'converge') return;
  void (async () => {
    const end = Date.now() + ask.within_ms;
    while (follower.lastSeq() < ask.seq && Date.now() < end) await settle(100);
    follower.close();
    tell(
      { type: 'followed', last_seq: follower.lastSeq(), problems: check.problems, digests: check.digests() },
      () => process.exit(0),
    );
  })();
});
