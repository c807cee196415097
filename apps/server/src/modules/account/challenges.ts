// The half-signed-in state of a login: a right password whose second step (OTP or TOTP) is still
// owed. Its token is random, shown once, kept as SHA-256, and accepted only by the second-step
// calls (in the body, never as a bearer token): it is not a session, so it can do nothing else.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { loginChallenges } from './schema.ts';
import type { Executor } from '../../db/store.ts';

export type ChallengePurpose = 'otp' | 'totp';
export type Challenge = typeof loginChallenges.$inferSelect;

/** How long a half-signed-in login waits for its second step. */
export const CHALLENGE_TTL_MS = 15 * 60_000;
/** Wrong codes a challenge takes before it dies (a new login is needed). */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createChallenge(
  tx: Executor,
  userId: number,
  purpose: ChallengePurpose,
  now: Date,
  ip: string | null,
  /** The user's session generation when the password was checked (the session gate compares it). */
  generation: number,
): Promise<{ token: string; challenge: Challenge }> {
  const token = randomBytes(32).toString('base64url');
  const [challenge] = await tx
    .insert(loginChallenges)
    .values({
      userId,
      tokenHash: hashOf(token),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      ip,
      generation,
    })
    .returning();
  return { token, challenge: challenge! };
}

export type ChallengeLookup = { ok: true; challenge: Challenge } | { ok: false; message: string };

export const CHALLENGE_GONE = 'This sign-in has expired; please log in again';

/** The live challenge of a token for a purpose (locked FOR UPDATE when `lock`), or why not. */
export async function findChallenge(
  tx: Executor,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
  lock = false,
): Promise<ChallengeLookup> {
  const q = tx
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, hashOf(token)), eq(loginChallenges.purpose, purpose)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || row.consumedAt !== null || row.expiresAt <= now) return { ok: false, message: CHALLENGE_GONE };
  if (row.attempts >= CHALLENGE_MAX_ATTEMPTS) {
    return { ok: false, message: 'Too many wrong codes; please log in again' };
  }
  return { ok: true, challenge: row };
}

/** Counts a wrong code; returns the attempts left. */
export async function countChallengeAttempt(tx: Executor, challengeId: number): Promise<number> {
  const [row] = await tx
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.challengeId, challengeId))
    .returning({ attempts: loginChallenges.attempts });
  return Math.max(0, CHALLENGE_MAX_ATTEMPTS - (row?.attempts ?? CHALLENGE_MAX_ATTEMPTS));
}

export async function consumeChallenge(tx: Executor, challengeId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(loginChallenges)
    .set({ consumedAt: now })
    .where(and(eq(loginChallenges.challengeId, challengeId), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.challengeId });
  return rows.length > 0;
}
