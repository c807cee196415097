/**
 * The query client's answers, as the unauthorized handler sees them (app/session.ts). React Query
 * is not in the login's first load (lib/query.tsx makes the client with the signed-in part), so
 * this module holds only a reference to it.
 */
type QueryCache = { removeQueries(): void };
let queryCache: QueryCache | undefined;

export function registerQueryCache(cache: QueryCache | undefined): void {
  queryCache = cache;
}

/** Drops every answer the query client holds (a session that ended); nothing before it exists. */
export function dropQueryAnswers(): void {
  queryCache?.removeQueries();
}
