// Our Virtual (issue 22): virtual cricket and virtual racing, round games driven by the same
// provably fair HMAC stream as the card tables (docs/casino.md "Our Virtual").
export * from './shared.ts';
export * from './cricket.ts';
export * from './racing.ts';
export * from './steps.ts';
