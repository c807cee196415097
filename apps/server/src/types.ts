import type { AuthService, AuthUser } from './plugins/auth.ts';
import type { Db, Store } from './db/store.ts';
import type { ExchangeServiceImpl } from './modules/exchange/service.ts';
import type { AccountService } from './modules/account/service.ts';
import type { CasinoApi } from './modules/casino/routes.ts';
import type { CatalogService } from './modules/catalog/service.ts';
import type { SettlementService } from './modules/settlement/service.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { StakesService } from './modules/stakes/service.ts';
import type { WalletService } from './modules/wallet/service.ts';
import type { KindRegistry } from './modules/markets/registry.ts';
import type { BookmakerService } from './modules/bookmaker/service.ts';
import type { FancyService } from './modules/fancy/service.ts';
import type { CricketService } from './modules/cricket/plugin.ts';
import type { Outbox } from './modules/messaging/outbox.ts';
import type { PaymentsService } from './modules/payments/service.ts';
import type { ResponsibleService } from './modules/responsible/service.ts';
import type { SecurityService } from './modules/security/service.ts';
import type { SignupService } from './modules/signup/service.ts';
import type { RacingService } from './modules/racing/service.ts';

export type Clock = { now(): Date };

export type StartTimings = {
  open_ms: number;
  migrate_ms: number;
  seed_base_ms: number;
  seed_demo_ms: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    db: Db;
    /** What building the app took, ms: the store's opening and migrations, the base and demo seeding. */
    startTimings: StartTimings;
    clock: Clock;
    auth: AuthService;
    /** Names of the contract endpoints that have a route (app.ts checks none is missing). */
    registeredEndpoints: Set<string>;
    account: AccountService;
    wallet: WalletService;
    stakes: StakesService;
    catalog: CatalogService;
    casino: CasinoApi;
    settings: SettingsService;
    exchange: ExchangeServiceImpl;
    settlement: SettlementService;
    /** The market-kind registry (modules/markets). */
    kinds: KindRegistry;
    bookmaker: BookmakerService;
    fancy: FancyService;
    /** The cricket module's answers to the fancy and bookmaker kinds (a scoreboard gone quiet). */
    cricket: CricketService;
    outbox: Outbox;
    signup: SignupService;
    security: SecurityService;
    payments: PaymentsService;
    responsible: ResponsibleService;
    /** Races: cards and the race's day (modules/racing). */
    racing: RacingService;
  }
  interface FastifyRequest {
    /** Set by the auth check of a protected route. */
    user: AuthUser | null;
  }
}
