// Sign-up with a parent's referral code and a mobile number verified by a one-time code (OTP).
// Codes: 6 digits from crypto.randomInt, argon2id-hashed at rest (a 6-digit code's hash is too
// cheap to reverse otherwise), 5 minutes to live, 5 wrong tries each; sends limited per number and
// per IP in the store; the SMS goes through the outbox.
import {
  checkMobile,
  countryByCode,
  e164,
  maskMobile,
  type SecondStepChallenge,
  type SignUpRequest,
  type UserInfo,
} from '@backlay/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { countEvent } from '../../db/rate-counters.ts';
import { loginChallenges, users } from '../account/schema.ts';
import { otpCodes, referralCodes } from './schema.ts';
import type { Db, Executor, Tx } from '../../db/store.ts';
import type { Clock } from '../../clock.ts';
import {
  CHALLENGE_GONE,
  consumeChallenge,
  createChallenge,
  findChallenge,
  hashOf,
  type Challenge,
} from '../account/challenges.ts';
import type { AccountService, UserRow } from '../account/service.ts';
import { CODES_LOCKED, codeLockOf, countWrongCode } from '../account/wrong-codes.ts';
import { isUniqueViolation } from '../markets/house-bets.ts';
import type { Outbox } from '../messaging/outbox.ts';
import { markMobileVerified } from '../account/user-writes.ts';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_AFTER_MS = 30_000;
/** Codes sent to one number per hour, and from one IP address per hour. */
export const OTP_PER_NUMBER_PER_HOUR = 5;
export const OTP_PER_IP_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

class Refusal extends Error {}

export type SignUpOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const minutesUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

// Long because it is a factory: its inner functions, each short, share the OTP sender, its rate
// limit and the referral lookups.
export function createSignupService(deps: {
  db: Db;
  clock: Clock;
  account: AccountService;
  outbox: Outbox;
  siteName: () => Promise<string>;
}) {
  const { db, clock, account, outbox } = deps;

  /** Issues a new code for a challenge (older ones stop working) and queues its SMS. */
  async function issueOtp(
    tx: Executor,
    challenge: Challenge,
    mobile: string,
    ip: string | null,
    site: string,
  ) {
    const now = clock.now();
    const over = await countEvent(
      tx,
      [
        { bucket: `otp:mobile:${mobile}`, max: OTP_PER_NUMBER_PER_HOUR, windowMs: HOUR_MS },
        ...(ip ? [{ bucket: `otp:ip:${ip}`, max: OTP_PER_IP_PER_HOUR, windowMs: HOUR_MS }] : []),
      ],
      now,
    );
    if (over) {
      const who = over.window.bucket.startsWith('otp:mobile') ? 'this number' : 'this network';
      throw new Refusal(
        `Too many codes were sent to ${who}; try again in ${minutesUntil(over.resetsAt, now)} minutes`,
      );
    }
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.challengeId, challenge.challengeId), isNull(otpCodes.consumedAt)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx
      .insert(otpCodes)
      .values({
        challengeId: challenge.challengeId,
        userId: challenge.userId,
        mobile,
        codeHash: await account.secrets.hash(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      })
      .returning({ otpId: otpCodes.otpId });
    await outbox.enqueue(tx, {
      channel: 'sms',
      recipient: mobile,
      body: `${site}: your verification code is ${code}. It expires in 5 minutes. Never share it with anyone.`,
      idempotencyKey: `otp/${row!.otpId}`,
    });
    return {
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      resendAt: new Date(now.getTime() + OTP_RESEND_AFTER_MS),
    };
  }

  const challengeView = (
    token: string,
    userName: string,
    mobile: string,
    times: { expiresAt: Date; resendAt: Date },
  ): SecondStepChallenge => ({
    second_step: 'otp',
    challenge_token: token,
    user_name: userName,
    mobile: maskMobile(mobile),
    expires_at: times.expiresAt.toISOString(),
    resend_at: times.resendAt.toISOString(),
    sender: outbox.sender.name,
  });

  /** Runs `work` in a transaction; a Refusal rolls it back and becomes its message. */
  async function refusable<T>(work: (tx: Tx) => Promise<T>): Promise<SignUpOutcome<T>> {
    try {
      return { ok: true, value: await db.transaction(work) };
    } catch (err) {
      if (err instanceof Refusal) return { ok: false, message: err.message };
      throw err;
    }
  }

  async function parentOf(code: string) {
    const [row] = await db
      .select({ userId: referralCodes.userId })
      .from(referralCodes)
      .where(eq(referralCodes.code, code.toLowerCase()));
    return row?.userId ?? null;
  }

  return {
    /** Login gate: a sign-up whose number is not verified gets a new code instead of a session. */
    async otpGate(user: UserRow, ip: string | null, generation: number) {
      if (!user.mobile || user.mobileVerifiedAt) return null;
      const mobile = user.mobile;
      const site = await deps.siteName();
      const r = await refusable(async (tx) => {
        const { token, challenge } = await createChallenge(
          tx,
          user.userId,
          'otp',
          clock.now(),
          ip,
          generation,
        );
        return challengeView(token, user.userName, mobile, await issueOtp(tx, challenge, mobile, ip, site));
      });
      if (!r.ok) return { refuse: r.message };
      outbox.kick();
      return { challenge: r.value };
    },

    async referralParent(code: string) {
      return parentOf(code);
    },

    async signUp(body: SignUpRequest, ip: string | null): Promise<SignUpOutcome<SecondStepChallenge>> {
      const parentId = await parentOf(body.referral_code);
      if (parentId === null) {
        return {
          ok: false,
          message: 'This referral code is not known. Check the link you were sent, or ask for a new one.',
        };
      }
      const country = countryByCode(body.country_code)!;
      const checked = checkMobile(country, body.mobile);
      if (!checked.ok) return { ok: false, message: checked.message };
      const mobile = e164(country, checked.digits);
      const site = await deps.siteName();
      try {
        const r = await refusable(async (tx) => {
          const [taken] = await tx
            .select({ userId: users.userId })
            .from(users)
            .where(sql`lower(${users.userName}) = lower(${body.user_name})`);
          if (taken) throw new Refusal('This user name is taken; choose another');
          const [registered] = await tx
            .select({ userId: users.userId })
            .from(users)
            .where(and(eq(users.mobile, mobile), sql`${users.mobileVerifiedAt} is not null`));
          if (registered) throw new Refusal('This mobile number is already registered; log in instead');
          const userId = await account.createUser(
            { userName: body.user_name, password: body.password, parentId, mobile, isSignupUser: false },
            tx,
          );
          // A new user's session generation is 0 (the column's default).
          const { token, challenge } = await createChallenge(tx, userId, 'otp', clock.now(), ip, 0);
          return challengeView(
            token,
            body.user_name,
            mobile,
            await issueOtp(tx, challenge, mobile, ip, site),
          );
        });
        if (r.ok) outbox.kick();
        return r;
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false, message: 'This user name is taken; choose another' };
        throw err;
      }
    },

    async resendOtp(token: string, ip: string | null): Promise<SignUpOutcome<SecondStepChallenge>> {
      const site = await deps.siteName();
      const r = await refusable(async (tx) => {
        const now = clock.now();
        const found = await findChallenge(tx, token, 'otp', now, true);
        if (!found.ok) throw new Refusal(found.message);
        const [last] = await tx
          .select()
          .from(otpCodes)
          .where(eq(otpCodes.challengeId, found.challenge.challengeId))
          .orderBy(desc(otpCodes.otpId))
          .limit(1);
        if (last && last.createdAt.getTime() + OTP_RESEND_AFTER_MS > now.getTime()) {
          const s = Math.ceil((last.createdAt.getTime() + OTP_RESEND_AFTER_MS - now.getTime()) / 1000);
          throw new Refusal(`Please wait ${s} seconds before asking for another code`);
        }
        const [user] = await tx.select().from(users).where(eq(users.userId, found.challenge.userId));
        if (!user?.mobile) throw new Refusal(CHALLENGE_GONE);
        return challengeView(
          token,
          user.userName,
          user.mobile,
          await issueOtp(tx, found.challenge, user.mobile, ip, site),
        );
      });
      if (r.ok) outbox.kick();
      return r;
    },

    async verifyOtp(token: string, otp: string, ip: string | null): Promise<SignUpOutcome<UserInfo>> {
      const r = await refusable(async (tx) => {
        const now = clock.now();
        const [challenge] = await tx
          .select()
          .from(loginChallenges)
          .where(eq(loginChallenges.tokenHash, hashOf(token)))
          .for('update');
        if (challenge && challenge.purpose === 'otp' && challenge.consumedAt) {
          throw new Refusal('This code has already been used; log in to continue');
        }
        const found = await findChallenge(tx, token, 'otp', now, true);
        if (!found.ok) throw new Refusal(found.message);
        // A locked account's code is not checked (wrong-codes.ts).
        const lock = await codeLockOf(tx, found.challenge.userId, now);
        if (lock) throw new Refusal(lock);
        const [code] = await tx
          .select()
          .from(otpCodes)
          .where(and(eq(otpCodes.challengeId, found.challenge.challengeId), isNull(otpCodes.consumedAt)))
          .orderBy(desc(otpCodes.otpId))
          .limit(1);
        if (!code) throw new Refusal('This code is no longer valid; ask for a new one');
        if (code.expiresAt <= now) throw new Refusal('This code has expired; ask for a new one');
        if (code.attempts >= OTP_MAX_ATTEMPTS) throw new Refusal('Too many wrong codes; ask for a new one');
        if (!(await account.secrets.verify(code.codeHash, otp))) {
          const [after] = await tx
            .update(otpCodes)
            .set({ attempts: sql`${otpCodes.attempts} + 1` })
            .where(eq(otpCodes.otpId, code.otpId))
            .returning({ attempts: otpCodes.attempts });
          const left = OTP_MAX_ATTEMPTS - (after?.attempts ?? OTP_MAX_ATTEMPTS);
          // Per user too, over every code and challenge (wrong-codes.ts).
          const locked = await countWrongCode(tx, found.challenge.userId, now);
          // The count must stay though the answer is a refusal: commit it, then refuse.
          return {
            userId: found.challenge.userId,
            wrong: locked ? -1 : left,
            generation: found.challenge.generation,
          };
        }
        await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.otpId, code.otpId));
        await consumeChallenge(tx, found.challenge.challengeId, now);
        try {
          await tx.transaction(async (inner) => {
            await markMobileVerified(inner, found.challenge.userId, now);
          });
        } catch (err) {
          if (isUniqueViolation(err)) {
            throw new Refusal('This mobile number is already registered to another account');
          }
          throw err;
        }
        return { userId: found.challenge.userId, wrong: undefined, generation: found.challenge.generation };
      });
      if (!r.ok) return r;
      if (r.value.wrong !== undefined) {
        return {
          ok: false,
          message:
            r.value.wrong < 0
              ? CODES_LOCKED
              : r.value.wrong > 0
                ? `Wrong code; ${r.value.wrong} ${r.value.wrong === 1 ? 'try' : 'tries'} left`
                : 'Wrong code. Too many wrong codes: ask for a new one',
        };
      }
      const signedIn = await account.completeSignIn(r.value.userId, ip, 'otp', r.value.generation);
      return signedIn.ok ? { ok: true, value: signedIn.user } : signedIn;
    },

    async createReferral(
      userId: number,
      code: string,
      createdBy: number,
    ): Promise<SignUpOutcome<{ code: string; user_id: number }>> {
      const [u] = await db.select({ userId: users.userId }).from(users).where(eq(users.userId, userId));
      if (!u) return { ok: false, message: `Unknown user ${userId}` };
      const rows = await db
        .insert(referralCodes)
        .values({ code: code.toLowerCase(), userId, createdBy, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ code: referralCodes.code, userId: referralCodes.userId });
      if (rows.length === 0) {
        const [existing] = await db
          .select()
          .from(referralCodes)
          .where(eq(referralCodes.code, code.toLowerCase()));
        if (existing?.userId === userId) return { ok: true, value: { code: existing.code, user_id: userId } };
        return { ok: false, message: 'This referral code is taken' };
      }
      return { ok: true, value: { code: rows[0]!.code, user_id: userId } };
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
