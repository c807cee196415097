// The account's columns other modules decide (the tree's bet lock, credit reference and share,
// sign-up's verified mobile): written here only, by the calls those modules make, inside their
// transaction. The module deciding checks its own rules first (hierarchy's authority over a child,
// sign-up's code).
import { eq } from 'drizzle-orm';
import { users } from './schema.ts';
import type { Executor } from '../../db/store.ts';

/** Betting locked by `lockerId` (who may lift it: they or their upline), or unlocked (null). */
export async function setBetLockedBy(db: Executor, userId: number, lockerId: number | null): Promise<void> {
  await db.update(users).set({ betLockedBy: lockerId }).where(eq(users.userId, userId));
}

/** The credit reference an upline keeps for the account (paise; a note, not a limit). */
export async function setCreditReference(db: Executor, userId: number, paise: number): Promise<void> {
  await db.update(users).set({ creditReferencePaise: paise }).where(eq(users.userId, userId));
}

/** The account's share of its downline's results (basis points), as its history now says. */
export async function setShareBp(db: Executor, userId: number, shareBp: number): Promise<void> {
  await db.update(users).set({ shareBp }).where(eq(users.userId, userId));
}

/**
 * The account's mobile number is verified (sign-up's code): it becomes a sign-up user. Throws the
 * store's unique violation when the number is another account's (the caller answers it).
 */
export async function markMobileVerified(db: Executor, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ mobileVerifiedAt: at, isSignupUser: true }).where(eq(users.userId, userId));
}
