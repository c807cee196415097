// The contract as the bettor's app sees it: every module but the operator's (console.ts,
// console-endpoints.ts, admin.ts' own entry, and the full table in endpoints.ts and
// account-endpoints.ts). apps/web imports values from here (`@backlay/contract/bettor`), never from
// the package's root: the root's barrel would bring the console's schemas into the bettor's
// browser (docs/performance.md, "First load"). Types may come from either.
export * from './auth.ts';
export * from './bettor-endpoints.ts';
export * from './binary.ts';
export * from './fantasy.ts';
export * from './casino.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './countries.ts';
export * from './cricket.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './exchange.ts';
export * from './language.ts';
export * from './login.ts';
export * from './onboarding.ts';
export * from './payments.ts';
export * from './providers.ts';
export * from './racing.ts';
export * from './reports.ts';
export * from './responsible.ts';
export * from './settings.ts';
export * from './stakes.ts';
export * from './wallet.ts';
