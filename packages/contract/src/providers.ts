import { z } from 'zod';
import { documented, idInput, isoDateTime, plainText, textInput } from './common.ts';
import { page, rangeRefinements, REPORT_RANGE, reportDay } from './reports.ts';
import { rupees } from './wallet.ts';

// Live Casino and Slot Game (issue 23): outside game providers on a seamless wallet. The provider
// never holds the bettor's money; it calls our wallet (debit, credit, rollback) for every bet and
// win. docs/providers.md describes the protocol end to end; this file is its one source of shapes.
//
// Three audiences:
// - the bettor's app: `worldCasino/...` calls (lobby, launch) and `report/getLiveCasinoBets`;
// - a provider: the wallet callbacks it calls (`provider/wallet/...`, signed), and the provider
//   API it serves (`/games`, `/launch`, signed the same way) that the server calls;
// - the operator: enable/disable, rounds, daily reconciliation (`admin/provider/...`).
//
// Money: the bettor's and the operator's calls carry rupees (2 decimals) like every other call;
// the provider protocol carries integer paise (`amount`, `balance`), as providers count in the
// currency's minor unit.

// ---------------------------------------------------------------- identifiers and limits

/** A provider's id: its configured code (`demo`), lower case. */
export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const providerId = z
  .string({ error: 'provider_id must be text' })
  .regex(PROVIDER_ID_PATTERN, 'provider_id must be 1 to 32 lower-case letters, digits, - or _');

/** An id the provider chose (its game id, transaction id, round id): 1 to 64 safe characters. */
export const PROVIDER_REF_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const providerRef = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .regex(PROVIDER_REF_PATTERN, `${label} must be 1 to 64 letters, digits or - _ . :`);

/** Largest single debit or credit a provider may send: ₹1 crore. */
export const PROVIDER_MAX_AMOUNT_PAISE = 1_000_000_000;
/**
 * A round's credits together are at most this many times its stake (its debits less their
 * rollbacks): a provider credits only what a bet it took could have won. 10,000× is a common cap on
 * a game's top prize; a provider whose games pay more caps them here (docs/providers.md).
 */
export const PROVIDER_ROUND_WIN_MAX_MULTIPLE = 10_000;
/** A launch token lives this long (seconds) and is good for one authenticate. */
export const LAUNCH_TOKEN_TTL_S = 120;
/** A game session ends this long (seconds) after its last call; a credit is still taken after. */
export const SESSION_IDLE_TTL_S = 30 * 60;
/** A signed call whose timestamp is further than this (seconds) from our clock is refused. */
export const PROVIDER_SIGNATURE_TOLERANCE_S = 300;
/** Header carrying `t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, both directions. */
export const PROVIDER_SIGNATURE_HEADER = 'x-provider-signature';
/** Header naming the calling provider on a wallet callback (its secret checks the signature). */
export const PROVIDER_ID_HEADER = 'x-provider-id';
/** Games a lobby page holds. */
export const GAME_LIST_PAGE_SIZE = 48;
/** Rows a report or operator page holds. */
export const PROVIDER_REPORT_PAGE_SIZE = 50;

/**
 * Game categories. A provider's own category outside these is filed under OTHER. The lobby's tabs
 * are the categories that have enabled games, in this order, with these labels.
 */
export const PROVIDER_GAME_CATEGORIES = ['LIVE', 'SLOTS', 'TABLE', 'CRASH', 'INSTANT', 'OTHER'] as const;
export const providerGameCategory = z.enum(PROVIDER_GAME_CATEGORIES, {
  error: `category must be one of ${PROVIDER_GAME_CATEGORIES.join(', ')}`,
});
export type ProviderGameCategory = z.infer<typeof providerGameCategory>;
export const PROVIDER_CATEGORY_LABELS: Record<ProviderGameCategory, string> = {
  LIVE: 'Live Casino',
  SLOTS: 'Slots',
  TABLE: 'Table Games',
  CRASH: 'Crash',
  INSTANT: 'Instant Win',
  OTHER: 'Others',
};

// ---------------------------------------------------------------- bettor: lobby and launch

export const worldCasinoProvider = z.object({
  provider_id: z.string(),
  name: z.string(),
  /** Enabled games of this provider. */
  game_count: z.number().int(),
});
export const worldCasinoProviders = z.array(worldCasinoProvider);
export type WorldCasinoProvider = z.infer<typeof worldCasinoProvider>;

export const getGameListRequest = z.object({
  provider_id: providerId.optional(),
  category: providerGameCategory.optional(),
  /** Part of the game's name, any case. */
  search: textInput('search', { max: 60 }).optional(),
  page,
});

export const worldCasinoGame = z.object({
  /** Our id of the game: userAuthentication's game_id and the route #/world-casino/play/{game_id}. */
  game_id: z.number().int(),
  name: z.string(),
  category: providerGameCategory,
  /** Absolute URL of the tile image (served by the provider), or null when it has none. */
  thumbnail_url: z.string().nullable(),
  provider_id: z.string(),
  provider_name: z.string(),
});
export type WorldCasinoGame = z.infer<typeof worldCasinoGame>;

export const worldCasinoGameList = z.object({
  games: z.array(worldCasinoGame),
  /** Every category with enabled games (for the tabs), in PROVIDER_GAME_CATEGORIES order, with the count under the provider filter. */
  categories: z.array(
    z.object({ category: providerGameCategory, label: z.string(), count: z.number().int() }),
  ),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type WorldCasinoGameList = z.infer<typeof worldCasinoGameList>;

export const userAuthenticationRequest = z.object({ game_id: idInput });
export const worldCasinoLaunch = z.object({
  game_id: z.number().int(),
  name: z.string(),
  provider_id: z.string(),
  /** The provider's game page for this player (carries the one-time token): open it in an iframe. */
  url: z.string(),
  /** The token inside `url` stops working at this time if the page has not opened. */
  expires_at: isoDateTime,
});
export type WorldCasinoLaunch = z.infer<typeof worldCasinoLaunch>;

// ---------------------------------------------------------------- bettor: Live Casino Bets report

export const getLiveCasinoBetsRequest = documented(
  z
    .object({
      from_date: reportDay,
      to_date: reportDay,
      provider_id: providerId.optional(),
      page,
    })
    .superRefine(rangeRefinements),
  { cross: [REPORT_RANGE] },
);

export const providerTransactionType = z.enum(['DEBIT', 'CREDIT', 'ROLLBACK']);
export type ProviderTransactionType = z.infer<typeof providerTransactionType>;

/**
 * A round's state: OPEN while it has bets and no closing credit, CLOSED once credited (the win, or
 * 0 for a loss), CANCELLED when every bet was rolled back.
 */
export const providerRoundStatus = z.enum(['OPEN', 'CLOSED', 'CANCELLED']);
export type ProviderRoundStatus = z.infer<typeof providerRoundStatus>;

export const providerTransactionView = z.object({
  /** The provider's transaction id. */
  transaction_id: z.string(),
  type: providerTransactionType,
  /** Rupees moved (0 for a credit of nothing, or a refused or unmatched call). */
  amount: rupees,
  /** OK, or the code it was answered with (ROLLED_BACK, INSUFFICIENT_FUNDS, …). */
  code: z.string(),
  date: isoDateTime,
});

export const liveCasinoBetRow = z.object({
  /** The provider's round id. */
  round_id: z.string(),
  game_id: z.number().int().nullable(),
  game_name: z.string(),
  category: providerGameCategory.nullable(),
  provider_id: z.string(),
  provider_name: z.string(),
  /** First movement of the round. */
  date: isoDateTime,
  status: providerRoundStatus,
  /** Debits less their rollbacks, rupees. */
  stake: rupees,
  /** Credits, rupees. */
  win: rupees,
  /** win − stake: what the balance moved by (rupees). */
  profit_loss: rupees,
  /** The round's provider transactions that moved money, oldest first. */
  transactions: z.array(providerTransactionView),
});
export type LiveCasinoBetRow = z.infer<typeof liveCasinoBetRow>;

export const liveCasinoBets = z.object({
  /** Newest round first. */
  rows: z.array(liveCasinoBetRow),
  /** Over every row of the range, not the page. */
  total_stake: rupees,
  total_win: rupees,
  total_profit_loss: rupees,
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type LiveCasinoBets = z.infer<typeof liveCasinoBets>;

// ---------------------------------------------------------------- provider → server: wallet callbacks

/**
 * The machine code of every callback answer. HTTP is 200 for all of them but INVALID_SIGNATURE
 * (401) and INVALID_REQUEST (400); `status` is true exactly for OK.
 * - INVALID_SIGNATURE: missing or wrong signature, stale timestamp, unknown provider id header.
 * - INVALID_REQUEST: the body is not the call's shape (message names the field).
 * - PROVIDER_DISABLED: the operator switched the provider off (debits; credits are still taken).
 * - UNKNOWN_PLAYER: no such player (or not a bettor's account).
 * - TOKEN_INVALID / TOKEN_EXPIRED / TOKEN_USED: the launch token is unknown / too old / used.
 * - GAME_MISMATCH: the token was issued for another game; a debit names another game than its
 *   session's, a credit another game than its round's.
 * - SESSION_EXPIRED: no live session for this player (debits, balance), or (authenticate) the site
 *   session that launched the game has ended: a logout, a password change or reset, "end all
 *   sessions", a lock or an exclusion since (docs/providers.md, "Game sessions").
 * - PLAYER_BLOCKED: the account is locked or self-excluded (debits only).
 * - GAME_DISABLED: the game is switched off or unknown to the catalog (debits only).
 * - INSUFFICIENT_FUNDS: the debit is more than the available balance (balance − exposure).
 * - STAKE_LIMIT_EXCEEDED: the debit is more than the maximum stake an upline of the player set for
 *   casino games (issue 41, docs/hierarchy.md "Limits down the tree").
 * - ROLLED_BACK: a debit whose transaction id was already rolled back (it moved nothing).
 * - ROUND_CLOSED: a debit or a credit on a round already closed by a credit (or cancelled by the
 *   rollback of its every debit), or a rollback of a debit of a closed round (its result is final).
 * - UNKNOWN_TRANSACTION: a rollback of a debit we never took for this player: recorded (this
 *   player's later debit with that id is refused ROLLED_BACK) and final, nothing moved.
 * - UNKNOWN_ROUND: a credit naming no round this provider opened with a debit for this player:
 *   recorded and final, nothing moved.
 * - WIN_LIMIT_EXCEEDED: a credit that would take the round's credits above
 *   PROVIDER_ROUND_WIN_MAX_MULTIPLE × its stake: recorded and final, nothing moved.
 * - DUPLICATE_TRANSACTION: a transaction id already used with another amount, player or round
 *   (also when both were sent at once).
 */
export const PROVIDER_WALLET_CODES = [
  'OK',
  'STAKE_LIMIT_EXCEEDED',
  'INVALID_SIGNATURE',
  'INVALID_REQUEST',
  'PROVIDER_DISABLED',
  'UNKNOWN_PLAYER',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_USED',
  'GAME_MISMATCH',
  'SESSION_EXPIRED',
  'PLAYER_BLOCKED',
  'GAME_DISABLED',
  'INSUFFICIENT_FUNDS',
  'ROLLED_BACK',
  'ROUND_CLOSED',
  'UNKNOWN_TRANSACTION',
  'DUPLICATE_TRANSACTION',
  'UNKNOWN_ROUND',
  'WIN_LIMIT_EXCEEDED',
] as const;
export const providerWalletCode = z.enum(PROVIDER_WALLET_CODES);
export type ProviderWalletCode = z.infer<typeof providerWalletCode>;

const amountPaise = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number of paise` })
    .int(`${label} must be a whole number of paise`)
    .min(min, `${label} must be ${min} or more paise`)
    .max(PROVIDER_MAX_AMOUNT_PAISE, `${label} must be at most ${PROVIDER_MAX_AMOUNT_PAISE} paise`);

/** Our player id as a provider knows it: the user id as a string. */
export const providerPlayerId = z
  .string({ error: 'player_id must be text' })
  .regex(/^[1-9][0-9]{0,9}$/, 'player_id must be a player id we gave');

/** 43 characters of base64url (32 random bytes): a launch token or a session id. */
export const providerSecretRef = (label: string) =>
  z.string({ error: `${label} must be text` }).regex(/^[A-Za-z0-9_-]{20,128}$/, `${label} is malformed`);

/** authenticate: exchange the launch token (single use) for a game session. */
export const providerAuthenticateRequest = z.object({
  token: providerSecretRef('token'),
  /** The provider's game id the page opened: must be the token's. */
  game_id: providerRef('game_id'),
});
/** balance: the player's available balance. */
export const providerBalanceRequest = z.object({
  player_id: providerPlayerId,
  session_id: providerSecretRef('session_id').optional(),
});
/** debit: a bet. Idempotent on transaction_id. */
export const providerDebitRequest = z.object({
  player_id: providerPlayerId,
  session_id: providerSecretRef('session_id'),
  transaction_id: providerRef('transaction_id'),
  round_id: providerRef('round_id'),
  game_id: providerRef('game_id'),
  amount: amountPaise('amount', 1),
});
/**
 * credit: a round's win (0 for a loss), on a round this provider opened with a debit for this
 * player. Never refused for money, an ended session or a switched-off game. Idempotent on
 * transaction_id.
 */
export const providerCreditRequest = z.object({
  player_id: providerPlayerId,
  /** May be an expired session's, or absent (a round finished after the player left). */
  session_id: providerSecretRef('session_id').optional(),
  transaction_id: providerRef('transaction_id'),
  round_id: providerRef('round_id'),
  game_id: providerRef('game_id'),
  amount: amountPaise('amount', 0),
  /** The round is over after this credit (default true): a later debit on it is refused ROUND_CLOSED. */
  round_closed: z.boolean({ error: 'round_closed must be true or false' }).default(true),
});
/** rollback: cancel a debit (refunds it). Idempotent on transaction_id (the rollback's own id). */
export const providerRollbackRequest = z.object({
  player_id: providerPlayerId,
  transaction_id: providerRef('transaction_id'),
  /** The debit being cancelled. */
  reference_transaction_id: providerRef('reference_transaction_id'),
  round_id: providerRef('round_id'),
  game_id: providerRef('game_id'),
});
export type ProviderAuthenticateRequest = z.infer<typeof providerAuthenticateRequest>;
export type ProviderBalanceRequest = z.infer<typeof providerBalanceRequest>;
export type ProviderDebitRequest = z.input<typeof providerDebitRequest>;
export type ProviderCreditRequest = z.input<typeof providerCreditRequest>;
export type ProviderRollbackRequest = z.input<typeof providerRollbackRequest>;

/**
 * Every callback's `data`. `balance`: the player's available balance in paise after the call
 * (null when there is no player to speak of). A repeated transaction id answers the first answer,
 * byte for byte.
 */
export const providerWalletAnswer = z.object({
  code: providerWalletCode,
  balance: z.number().int().nullable(),
  /**
   * Which figure `balance` is: AVAILABLE, what the player can stake now (the balance less what is
   * held for open bets). A game shows it as "Available", never as "Balance", which the site's
   * header uses for the whole balance (issue 47). Absent from answers stored before it was sent.
   */
  balance_kind: z.literal('AVAILABLE').optional(),
  currency: z.literal('INR'),
  /** Debit, credit, rollback: our ledger transfer id for it (null when nothing moved). */
  operator_transaction_id: z.string().nullable().optional(),
  /** authenticate: the session the later calls carry, the player, their display name, the game. */
  session_id: z.string().optional(),
  player_id: z.string().optional(),
  display_name: z.string().optional(),
  game_id: z.string().optional(),
});
export type ProviderWalletAnswer = z.infer<typeof providerWalletAnswer>;

// ---------------------------------------------------------------- server → provider: the provider API

/**
 * POST {base_url}/games, body `{}`, signed: the provider's catalog. Its texts are plain text (no
 * NUL or other control character: the store refuses a NUL, the lobby shows the rest).
 */
export const providerApiGame = z.object({
  game_id: providerRef('game_id'),
  name: z.string().min(1).max(80).check(plainText('name')),
  /** Any text; one of PROVIDER_GAME_CATEGORIES or filed under OTHER. */
  category: z.string().max(40).check(plainText('category')),
  /** Absolute http(s) URL, or null. */
  thumbnail_url: z.string().max(500).check(plainText('thumbnail_url')).nullable(),
});
/**
 * The answer's envelope. Each game is checked on its own (providerApiGame): one bad game is left
 * out of the catalog and named in the provider's sync_error, the others are synced.
 */
export const providerApiGames = z.object({ games: z.array(z.unknown()).max(5000) });
export type ProviderApiGame = z.infer<typeof providerApiGame>;

/** POST {base_url}/launch, signed: a game page URL for this player and one-time token. */
export const providerApiLaunchRequest = z.object({
  token: z.string(),
  player_id: z.string(),
  game_id: z.string(),
  currency: z.literal('INR'),
  language: z.string(),
  /** The player's display name (their login name). */
  display_name: z.string(),
});
export const providerApiLaunch = z.object({ url: z.string().url().max(2000) });
export type ProviderApiLaunchRequest = z.infer<typeof providerApiLaunchRequest>;

// The operator's calls' shapes are provider-admin.ts (kept out of the bettor's bundle).
