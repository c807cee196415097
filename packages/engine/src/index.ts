// The pure exchange domain: no I/O, no clock, no randomness it is not given (DESIGN.md §1).
export * from './ladder/index.ts';
export * from './book/index.ts';
export * from './exposure/index.ts';
export * from './settlement/index.ts';
