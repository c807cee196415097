// The pure exchange domain: no I/O, no clock, no randomness it is not given (DESIGN.md §1).
// Match odds' pieces (also gathered in ./match-odds/index.ts):
export * from './ladder/index.ts';
export * from './book/index.ts';
export * from './exposure/index.ts';
export * from './settlement/index.ts';
export * from './cash-out/index.ts';
// The kinds, and the two house-quoted ones:
export * from './kinds.ts';
export * from './bookmaker/index.ts';
export * from './fancy/index.ts';
// The in-house casino tables (issue 22):
export * from './casino/index.ts';
// Binary sessions on market instruments (issue 24):
export * from './binary/index.ts';
// Fantasy cricket contests (issue 25):
export * from './fantasy/index.ts';
export * from './shares/index.ts';
