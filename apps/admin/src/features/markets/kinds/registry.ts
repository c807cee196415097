// The console's market-kind seam (issue 42, item 6), as the server's `app.kinds` and the bettor
// app's sport panels: each kind registers what the console shows and offers for its markets from
// its own file here (exchange.tsx, bookmaker.tsx, fancy.tsx; index.ts lists them), and the market
// screens (MarketPanel, MatchScreen, the dialogs, the market form) ask it and name no kind. A kind
// with nothing registered (a casino round, a binary session) gets the plain runner market.
import type { ConsoleMarket, MarketKind } from '@backlay/contract';
import type { ComponentType } from 'react';
import type { MarketDraft } from './draft.ts';

/** A confirmation the market panel asks before a call that cannot be taken back. */
export type Confirm = {
  title: string;
  text: string;
  label: string;
  danger?: boolean;
  go: () => Promise<{ ok: boolean }>;
};

/** What a kind's parts of the market panel are given. */
export type KindPanelProps = {
  matchId: number;
  market: ConsoleMarket;
  settled: boolean;
  /** Opens the panel's confirmation dialog. */
  ask: (c: Confirm) => void;
};

/** A kind's table of its markets under the match; `Panel` is the market panel, opened under a row. */
export type KindTableProps = {
  matchId: number;
  markets: ConsoleMarket[];
  Panel: ComponentType<{ matchId: number; market: ConsoleMarket }>;
};

/** The ways the void dialog offers to void bets of a market. */
export type VoidMode = 'market' | 'runner' | 'window' | 'bets';

export type ConsoleKind = {
  /** Its option in the new-market form's kind list. */
  label: string;
  /** Its markets need a cricket match with its details (a fancy settles on the scoreboard). */
  needsCricket?: boolean;
  /** The new-market form's defaults. */
  defaults: { market_name: string; max_stake: string; commission_percent: string };
  /**
   * Its markets have runners: listed on the panel, named in the form, settled by the result dialog
   * on them and voided by the void dialog. Without, the kind settles and voids through its own parts.
   */
  runners: boolean;
  /** Its markets are listed in a table of their own below the match's panels (the fancies). */
  table?: { title: string; Table: ComponentType<KindTableProps> };
  /** Matched on the exchange: best prices beside the runners, an in-play bet delay, Open/Suspend/Close. */
  exchange?: boolean;
  /** What the void dialog offers. */
  voidModes: readonly VoidMode[];
  /** The status its badge shows: the kind's own, where it keeps one (default: the market's). */
  statusOf?: (m: ConsoleMarket) => string;
  /** A settled market's result in words (default: the winning runners' names). */
  resultOf?: (m: ConsoleMarket) => string;
  /** Extra terms on the panel (a fancy's variant). */
  Terms?: ComponentType<{ market: ConsoleMarket }>;
  /** The quote editor while unsettled (the house's rates, a fancy's lines). */
  Quotes?: ComponentType<{ matchId: number; market: ConsoleMarket }>;
  /** The kind's own controls, in the market's control group (its status, its settling paths). */
  Controls?: ComponentType<KindPanelProps>;
  /** Below the controls (a fancy's result form). */
  Below?: ComponentType<KindPanelProps>;
  /** The new-market form's fields of the kind, in place of the runners (a fancy's event). */
  Fields?: ComponentType<{
    draft: MarketDraft;
    set: (patch: Partial<MarketDraft>) => void;
    err: (path: string) => string | null;
  }>;
  /** The kind's part of the create call, in place of the runners. */
  body?: (d: MarketDraft) => Record<string, unknown>;
};

/** A market of a kind that registers nothing: runners, the generic result and void. */
const PLAIN: ConsoleKind = {
  label: 'Market',
  defaults: { market_name: '', max_stake: '500000', commission_percent: '0' },
  runners: true,
  voidModes: ['market', 'window'],
};

const byKind = new Map<MarketKind, ConsoleKind>();
/** The kind a new match's first market is (registered with `first`). */
let firstKind: MarketKind | null = null;

export function registerConsoleKind(kind: MarketKind, k: ConsoleKind, opts: { first?: boolean } = {}) {
  if (byKind.has(kind)) throw new Error(`console kind ${kind} is registered twice`);
  byKind.set(kind, k);
  if (opts.first) firstKind = kind;
}

export const consoleKindOf = (kind: MarketKind): ConsoleKind => byKind.get(kind) ?? PLAIN;

/** The kinds the new-market form offers, in their order of registration. */
export const consoleKinds = (): [MarketKind, ConsoleKind][] => [...byKind];

/** The match's markets of the kinds listed in tables, by kind, in the kinds' order. */
export function kindTables(markets: readonly ConsoleMarket[]) {
  return consoleKinds().flatMap(([kind, k]) => {
    const mine = markets.filter((m) => m.kind === kind);
    return k.table && mine.length > 0 ? [{ kind, ...k.table, markets: mine }] : [];
  });
}

/** The kind of a new match's market (the exchange's match odds). */
export function firstMarketKind(): MarketKind {
  if (firstKind === null) throw new Error('no console kind is registered as a match’s first market');
  return firstKind;
}
