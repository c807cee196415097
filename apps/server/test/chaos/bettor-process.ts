// One bettor of the chaos run as its own process (run.ts spawns one per bettor): it reads its part
// from the file named first, acts until the time given there, and writes its history, every
// operation with every attempt, to the file named second. Its own process, so a bettor's event loop
// never waits on the harness's (the nemesis, the checks) or on another bettor's.
import { readFileSync, writeFileSync } from 'node:fs';
import { mulberry32 } from '@backlay/feed';
import { runBettor, type BettorContext } from './bettor.ts';
import type { Operation } from './history.ts';

/** What run.ts hands a bettor process: its context without the functions, and when to stop. */
export type BettorPart = Omit<BettorContext, 'rand' | 'running' | 'history'> & {
  readonly seed: number;
  readonly end_ms: number;
};

const [partFile, historyFile] = process.argv.slice(2);
if (partFile === undefined || historyFile === undefined) {
  console.error('usage: bettor-process.ts <part.json> <history.json>');
  process.exit(2);
}
const part = JSON.parse(readFileSync(partFile, 'utf8')) as BettorPart;
const history: Operation[] = [];
await runBettor({ ...part, rand: mulberry32(part.seed), running: () => Date.now() < part.end_ms, history });
writeFileSync(historyFile, JSON.stringify(history));
