// Fantasy cricket contests (issue 25, docs/fantasy.md): team rules, the points table, prizes.
export * from './team.ts';
export * from './points.ts';
export * from './prizes.ts';
