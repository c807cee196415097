import type {
  ChangePasswordRequest,
  Language,
  LoginResult,
  SecondStepChallenge,
  UserInfo,
} from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { users } from './schema.ts';
import type { Db, Executor, Tx } from '../../db/store.ts';
import type { AuthService, AuthUser } from '../../plugins/auth.ts';
import type { Clock } from '../../clock.ts';
import type { StakesService } from '../stakes/service.ts';
import type { FastifyInstance } from 'fastify';
import * as q from './queries.ts';
import type { SecretHasher } from './secret-hash.ts';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export const INVALID_LOGIN = 'Invalid user name or password';
export const JUST_LOCKED = 'Too many failed attempts: this account is locked for 15 minutes';
export const ACCOUNT_LOCKED = 'This account is locked; please contact support';
export const SIGN_IN_GONE = 'This sign-in has expired; please log in again';
/** An account above this one is locked (issue 41): its whole downline is locked with it. */
export const UPLINE_LOCKED =
  'Your upline’s account is locked, and every account under it: please contact them';
export const NOT_VERIFIED = 'Verify your mobile number first: log in again for a new code';
export const LOG_IN_AGAIN = 'Done: log in again to finish signing in';
export const PASSWORD_MOVED = 'Your account changed while this was being checked; please try again';

export type NewUser = {
  userName: string;
  password: string;
  role?: 'bettor' | 'operator' | 'master' | 'agent';
  /** A master's or an agent's share, basis points. */
  shareBp?: number | null;
  parentId?: number | null;
  isChangePassword?: boolean;
  isSignupUser?: boolean;
  /** Sign-up: the mobile number (E.164), not yet verified. */
  mobile?: string;
};

export type LoginOutcome = { ok: true; user: LoginResult } | { ok: false; message: string };

export type UserRow = typeof users.$inferSelect;

/**
 * A step between a right password and a session, added by another module: refuse the login
 * early (time-out, self-exclusion), or ask for a second step (OTP of an unverified sign-up,
 * TOTP), whose challenge carries `generation`. Gates run in the order they were added; a second
 * step finished resumes after its gate. `holds` is a condition on the user that the session gate
 * checks again at the very end, in the transaction that issues the session (after every step).
 */
export type LoginGate = {
  name: string;
  check(
    user: UserRow,
    ip: string | null,
    generation: number,
  ): Promise<null | { refuse: string } | { challenge: SecondStepChallenge }>;
  holds?(tx: Executor, user: UserRow, now: Date): Promise<null | { refuse: string }>;
};

export function userInfoOf(user: UserRow, token: string): UserInfo {
  return {
    user_id: user.userId,
    user_name: user.userName,
    is_change_password: user.isChangePassword ? '1' : '0',
    is_signup_user: user.isSignupUser ? '1' : '0',
    parent_id: user.parentId ?? -1,
    token,
    language: user.language,
  };
}

/** The refusal of a locked account: an operator's lock, or the minutes left of a lockout. */
export function lockedMessage(until: Date, now: Date) {
  if (until.getTime() >= q.OPERATOR_LOCK_UNTIL.getTime()) return ACCOUNT_LOCKED;
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `This account is locked after too many failed attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What another module does when a bettor changes the password, in that change's transaction. */
export type PasswordChangeHook = (
  tx: Executor,
  userId: number,
  request: ChangePasswordRequest,
) => Promise<void>;

// Long because it is a factory: its inner functions, each short, share the password hashing, the
// session service and the login rate limit.
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  auth: AuthService;
  /** The wallet (its module's decorator: account imports none of its code). */
  wallet: FastifyInstance['wallet'];
  stakes: StakesService;
  /** Passwords' argon2id hashes (secret-hash.ts). */
  secrets: SecretHasher;
}) {
  const { db, clock, auth, wallet, stakes, secrets } = deps;
  /** Verified against unknown user names so that they take as long as known ones. */
  let dummyHash: Promise<string> | undefined;
  const gates: LoginGate[] = [];
  const passwordChangeHooks: PasswordChangeHook[] = [];

  /**
   * The session gate: whether the user may hold a session now, decided on the user row locked
   * FOR UPDATE in the transaction that then issues the session. Not locked; the password and
   * every lock, exclusion and reset unchanged since the sign-in began (`generation`); the
   * sign-up's mobile number verified; every module's `holds` (time-out, self-exclusion). Every
   * path that issues a session ends here (docs/security.md).
   */
  async function admitSession(userId: number, ip: string | null, generation: number): Promise<LoginOutcome> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const held = await holdsIn(tx, userId, now, generation);
      if (!held.ok) return held;
      const { user } = held;
      if (user.failedLoginCount > 0) await q.clearFailedLogins(tx, userId);
      const { token } = await auth.issue(tx, userId, ip);
      return { ok: true as const, user: userInfoOf(user, token) };
    });
  }

  /**
   * The session gate's checks, on the user row it locks FOR UPDATE in `tx`: not locked (nor an
   * upline), the generation unchanged since the sign-in began (`'current'`: none began, an API
   * key's session), the mobile number verified, every module's `holds` (time-out,
   * self-exclusion).
   */
  async function holdsIn(
    tx: Executor,
    userId: number,
    now: Date,
    generation: number | 'current',
  ): Promise<{ ok: true; user: UserRow } | { ok: false; message: string }> {
    const user = await q.lockedUserRow(tx, userId);
    if (!user) return { ok: false as const, message: SIGN_IN_GONE };
    if (user.lockedUntil && user.lockedUntil > now) {
      return { ok: false as const, message: lockedMessage(user.lockedUntil, now) };
    }
    if (await q.uplineLocked(tx, userId)) return { ok: false as const, message: UPLINE_LOCKED };
    if (generation !== 'current' && user.sessionGeneration !== generation) {
      return { ok: false as const, message: SIGN_IN_GONE };
    }
    if (user.mobile && !user.mobileVerifiedAt) return { ok: false as const, message: NOT_VERIFIED };
    for (const gate of gates) {
      const r = await gate.holds?.(tx, user, now);
      if (r) return { ok: false as const, message: r.refuse };
    }
    return { ok: true, user };
  }

  /** Runs the gates after `after` (all when null), then the session gate. */
  async function passGates(
    user: UserRow,
    ip: string | null,
    after: string | null,
    generation: number,
  ): Promise<LoginOutcome> {
    const start = after === null ? 0 : gates.findIndex((g) => g.name === after) + 1;
    for (const gate of gates.slice(start)) {
      const r = await gate.check(user, ip, generation);
      if (r === null) continue;
      if ('refuse' in r) return { ok: false, message: r.refuse };
      // Only what the second step needs: who the user is is told once it is passed.
      return { ok: true, user: { challenge: r.challenge } };
    }
    return admitSession(user.userId, ip, generation);
  }

  return {
    /** The app's argon2id hasher: sign-up codes and recovery codes are hashed by it too. */
    secrets,

    /**
     * The session gate for a session no sign-in began (an API key's, issue 46): the same checks
     * as a login's last step, in `tx`, on the user row it locks. A refusal in words, or null.
     */
    async admitsSessionIn(tx: Executor, userId: number): Promise<string | null> {
      const held = await holdsIn(tx, userId, clock.now(), 'current');
      return held.ok ? null : held.message;
    },

    addLoginGate(gate: LoginGate) {
      gates.push(gate);
    },

    /** `hook` runs in a password change's transaction, after the other sessions are ended (api-keys: revoke the keys if asked). */
    onPasswordChange(hook: PasswordChangeHook) {
      passwordChangeHooks.push(hook);
    },

    /**
     * Finishes a login whose second step `after` was passed: the later gates, then the session
     * gate, under the generation the challenge was created with. A later gate that asks for a
     * step of its own (no such pair today) is met by logging in again.
     */
    async completeSignIn(
      userId: number,
      ip: string | null,
      after: string,
      generation: number,
    ): Promise<{ ok: true; user: UserInfo } | { ok: false; message: string }> {
      const user = await q.userById(db, userId);
      if (!user) return { ok: false, message: SIGN_IN_GONE };
      const outcome = await passGates(user, ip, after, generation);
      if (outcome.ok && 'challenge' in outcome.user) return { ok: false, message: LOG_IN_AGAIN };
      return outcome as { ok: true; user: UserInfo } | { ok: false; message: string };
    },

    userById: (userId: number) => q.userById(db, userId),
    userByName: (userName: string) => q.userByName(db, userName),
    /** Whether the password is the user's (argon2id). */
    async checkPassword(userId: number, password: string): Promise<boolean> {
      const row = await q.userById(db, userId);
      return !!row && (await secrets.verify(row.passwordHash, password));
    },

    /** A user with a cash account and the default buttons, in one transaction. */
    async createUser(u: NewUser, outer?: Tx): Promise<number> {
      const passwordHash = await secrets.hash(u.password);
      const run = async (tx: Tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            userName: u.userName,
            passwordHash,
            role: u.role ?? 'bettor',
            shareBp: u.shareBp ?? null,
            parentId: u.parentId ?? null,
            isChangePassword: u.isChangePassword ?? false,
            isSignupUser: u.isSignupUser ?? false,
            mobile: u.mobile ?? null,
          })
          .returning({ userId: users.userId });
        const userId = row!.userId;
        await wallet.openUserAccount(tx, userId);
        await stakes.seedDefaults(tx, userId);
        return userId;
      };
      return outer ? run(outer) : db.transaction(run);
    },

    async login(userName: string, password: string, ip: string | null): Promise<LoginOutcome> {
      const now = clock.now();
      const found = await q.userByName(db, userName);
      if (!found) {
        dummyHash ??= secrets.hash('not-a-real-password-1');
        await secrets.verify(await dummyHash, password);
        return { ok: false, message: INVALID_LOGIN };
      }
      if (found.lockedUntil && found.lockedUntil > now) {
        return { ok: false, message: lockedMessage(found.lockedUntil, now) };
      }
      const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS);
      // The attempt is counted before the password is checked, so parallel guesses cannot all be checked.
      const user = await q.takeLoginAttempt(db, found.userId, now, windowStart);
      if (!user) {
        const again = await q.userById(db, found.userId);
        return {
          ok: false,
          message: lockedMessage(again?.lockedUntil ?? new Date(now.getTime() + LOCK_MS), now),
        };
      }
      if (user.failedLoginCount > MAX_FAILED_LOGINS) {
        const windowEnd = new Date((user.failedLoginWindowStart ?? now).getTime() + FAILED_LOGIN_WINDOW_MS);
        return { ok: false, message: lockedMessage(windowEnd, now) };
      }
      const good = await secrets.verify(user.passwordHash, password);
      if (!good) {
        const until = new Date(now.getTime() + LOCK_MS);
        if (
          user.failedLoginCount >= MAX_FAILED_LOGINS &&
          (await q.lockAfterFailures(db, user.userId, until, now, MAX_FAILED_LOGINS))
        ) {
          return { ok: false, message: JUST_LOCKED };
        }
        return { ok: false, message: INVALID_LOGIN };
      }
      // The generation of the row whose hash was checked: a new password, a lock or an exclusion
      // committed since then makes the session gate refuse.
      return passGates(user, ip, null, user.sessionGeneration);
    },

    /** Revokes the caller's session, and the body's token too when it is another session of the same user. */
    async logout(user: AuthUser, token: string) {
      await db.transaction(async (tx) => {
        await auth.revoke(tx, user.sessionId);
        if (token) await auth.revokeToken(tx, user.userId, token);
      });
    },

    async changePassword(
      user: AuthUser,
      req: ChangePasswordRequest,
    ): Promise<{ ok: boolean; message: string }> {
      const row = await q.userById(db, user.userId);
      if (!row) return { ok: false, message: 'Unknown user' };
      if (!(await secrets.verify(row.passwordHash, req.master_password))) {
        return { ok: false, message: 'Current password is incorrect' };
      }
      if (req.new_password === req.master_password) {
        return { ok: false, message: 'New password must differ from the current password' };
      }
      const passwordHash = await secrets.hash(req.new_password);
      return db.transaction(async (tx) => {
        const current = await q.lockedUserRow(tx, user.userId);
        // The master password was checked against `row`: a change, reset or lock since then wins.
        if (current?.sessionGeneration !== row.sessionGeneration)
          return { ok: false, message: PASSWORD_MOVED };
        await tx
          .update(users)
          .set({ passwordHash, isChangePassword: false, passwordChangedAt: clock.now() })
          .where(eq(users.userId, user.userId));
        await auth.endAll(tx, user.userId, user.sessionId);
        for (const hook of passwordChangeHooks) await hook(tx, user.userId, req);
        return { ok: true, message: 'Password changed' };
      });
    },

    /** Remembers the user's display language (issue 45), told in their next login answer. */
    async setLanguage(user: AuthUser, language: Language): Promise<Language> {
      await db.update(users).set({ language }).where(eq(users.userId, user.userId));
      return language;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
