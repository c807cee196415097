// Security Auth: TOTP (RFC 6238) turned on by scanning a QR code and confirming a code, ten
// recovery codes shown once (argon2id hashes kept), turned off with a code, and asked for as the
// second step of a login (a challenge that can do nothing else).
import type { SecondStepChallenge, UserInfo } from '@backlay/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { recoveryCodes, userTotp } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import type { Clock } from '../../clock.ts';
import {
  consumeChallenge,
  countChallengeAttempt,
  createChallenge,
  findChallenge,
} from '../account/challenges.ts';
import type { AuthService } from '../../plugins/auth.ts';
import type { AccountService, UserRow } from '../account/service.ts';
import { CODES_LOCKED, codeLockOf, countWrongCode } from '../account/wrong-codes.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type SecurityOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/-/g, '');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

// Long because it is a factory: its inner functions, each short, share the TOTP secret handling and
// the code rate limit.
export function createSecurityService(deps: {
  db: Db;
  clock: Clock;
  account: AccountService;
  auth: AuthService;
  issuer: () => Promise<string>;
}) {
  const { db, clock, account, auth } = deps;
  const epoch = () => Math.floor(clock.now().getTime() / 1000);

  async function row(tx: Executor, userId: number) {
    const [r] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId));
    return r ?? null;
  }

  /**
   * A TOTP code (each time step once) or an unused recovery code (used up) of a user whose
   * Security Auth is on; false when wrong. Runs in the caller's transaction.
   */
  async function checkCode(tx: Executor, userId: number, code: string): Promise<boolean> {
    const totp = await row(tx, userId);
    if (!totp?.secret || !totp.enabledAt) return false;
    if (/^\d{6}$/.test(code)) {
      const step = await checkTotp(totp.secret, code, epoch(), totp.lastStep);
      if (step === null) return false;
      // Conditional, so two requests with one code cannot both pass.
      const moved = await tx
        .update(userTotp)
        .set({ lastStep: step, updatedAt: clock.now() })
        .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
        .returning({ userId: userTotp.userId });
      return moved.length > 0;
    }
    const wanted = normaliseRecovery(code);
    const unused = await tx
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    for (const r of unused) {
      if (await account.secrets.verify(r.codeHash, wanted)) {
        const used = await tx
          .update(recoveryCodes)
          .set({ usedAt: clock.now() })
          .where(and(eq(recoveryCodes.codeId, r.codeId), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.codeId });
        return used.length > 0;
      }
    }
    return false;
  }

  return {
    checkCode,

    async status(userId: number) {
      const totp = await row(db, userId);
      const enabled = !!totp?.secret && !!totp.enabledAt;
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return {
        enabled,
        enabled_at: enabled ? totp!.enabledAt!.toISOString() : null,
        recovery_codes_left: enabled ? (left?.n ?? 0) : 0,
      };
    },

    async setup(
      userId: number,
      userName: string,
    ): Promise<SecurityOutcome<{ secret: string; otpauth_url: string; qr_svg: string }>> {
      const current = await row(db, userId);
      if (current?.secret && current.enabledAt) return { ok: false, message: 'Security Auth is already on' };
      const secret = newTotpSecret();
      const otpauthUrl = totpUri(await deps.issuer(), userName, secret);
      await db
        .insert(userTotp)
        .values({ userId, pendingSecret: secret, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: userTotp.userId,
          set: { pendingSecret: secret, updatedAt: clock.now() },
        });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { ok: true, value: { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg } };
    },

    /**
     * Confirms the pending secret: Security Auth is on, and every other session of the account
     * ends (one opened with the password alone before it was on is not trusted after), with every
     * half-finished login; the caller's session `keepSessionId` stays.
     */
    async enable(
      userId: number,
      code: string,
      keepSessionId: number,
    ): Promise<SecurityOutcome<{ recovery_codes: string[] }>> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = await Promise.all(codes.map((c) => account.secrets.hash(normaliseRecovery(c))));
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).for('update');
        if (current?.secret && current.enabledAt)
          return { ok: false, message: 'Security Auth is already on' };
        if (!current?.pendingSecret) return { ok: false, message: 'Start again: scan a new QR code first' };
        const step = await checkTotp(current.pendingSecret, code, epoch(), null);
        if (step === null) {
          return {
            ok: false,
            message: 'That code is not right; check the time on your phone and try the next code',
          };
        }
        const now = clock.now();
        await tx
          .update(userTotp)
          .set({
            secret: current.pendingSecret,
            pendingSecret: null,
            enabledAt: now,
            lastStep: step,
            updatedAt: now,
          })
          .where(eq(userTotp.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx
          .insert(recoveryCodes)
          .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
        await auth.endAll(tx, userId, keepSessionId);
        return { ok: true, value: { recovery_codes: codes } };
      });
    },

    /**
     * Turns Security Auth off with the password and a code. A wrong one of either counts towards
     * the account's lock (wrong-codes.ts), as a wrong code at login does: a stolen session cannot
     * guess its way to turning it off. Nothing is tried while the account is locked.
     */
    async disable(userId: number, password: string, code: string): Promise<SecurityOutcome<null>> {
      const lock = await codeLockOf(db, userId, clock.now());
      if (lock) return { ok: false, message: lock };
      // argon2 outside the transaction; the code is checked only with a right password, so a
      // wrong password never uses up a code's step or a recovery code.
      const passwordRight = await account.checkPassword(userId, password);
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).for('update');
        if (!current?.secret || !current.enabledAt) return { ok: false, message: 'Security Auth is not on' };
        const now = clock.now();
        const lockNow = await codeLockOf(tx, userId, now);
        if (lockNow) return { ok: false, message: lockNow };
        if (!passwordRight || !(await checkCode(tx, userId, code))) {
          const locked = await countWrongCode(tx, userId, now);
          return { ok: false, message: locked ? CODES_LOCKED : 'That password or code is not right' };
        }
        await tx
          .update(userTotp)
          .set({ secret: null, pendingSecret: null, enabledAt: null, lastStep: null, updatedAt: clock.now() })
          .where(eq(userTotp.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        return { ok: true, value: null };
      });
    },

    /** Login gate: with Security Auth on, a challenge instead of a session. */
    async totpGate(
      user: UserRow,
      ip: string | null,
      generation: number,
    ): Promise<null | { challenge: SecondStepChallenge }> {
      const totp = await row(db, user.userId);
      if (!totp?.secret || !totp.enabledAt) return null;
      const { token, challenge } = await createChallenge(
        db,
        user.userId,
        'totp',
        clock.now(),
        ip,
        generation,
      );
      return {
        challenge: {
          second_step: 'totp',
          challenge_token: token,
          user_name: user.userName,
          expires_at: challenge.expiresAt.toISOString(),
        },
      };
    },

    async loginTwoFactor(token: string, code: string, ip: string | null): Promise<SecurityOutcome<UserInfo>> {
      const r = await db.transaction(async (tx) => {
        const now = clock.now();
        const found = await findChallenge(tx, token, 'totp', now, true);
        if (!found.ok) return found;
        const { userId } = found.challenge;
        // A locked account's code is not checked: no oracle, and no recovery code used up.
        const lock = await codeLockOf(tx, userId, now);
        if (lock) return { ok: false as const, message: lock };
        if (!(await checkCode(tx, userId, code))) {
          const left = await countChallengeAttempt(tx, found.challenge.challengeId);
          // Per user too, over every challenge: each login opens one with fresh tries.
          if (await countWrongCode(tx, userId, now)) return { ok: false as const, message: CODES_LOCKED };
          return {
            ok: false as const,
            message:
              left > 0
                ? `That code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left`
                : 'Too many wrong codes; please log in again',
          };
        }
        await consumeChallenge(tx, found.challenge.challengeId, clock.now());
        return { ok: true as const, userId: found.challenge.userId, generation: found.challenge.generation };
      });
      if (!r.ok) return r;
      const signedIn = await account.completeSignIn(r.userId, ip, 'totp', r.generation);
      return signedIn.ok ? { ok: true, value: signedIn.user } : signedIn;
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
