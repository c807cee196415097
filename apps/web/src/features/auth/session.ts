/**
 * The half-signed-in state between a right password (or a sign-up) and a session: the server's
 * challenge for a second step (the OTP of an unverified sign-up, Security Auth's code). The
 * challenge is kept in memory only — it is no session and no other call accepts it — while the
 * spec's otp-verify flag is stored, so a reload or any other route goes back to login (spec §4).
 */
import type { SecondStepChallenge, UserInfo } from '@backlay/contract';
import { create } from 'zustand';
import { adoptSignInLanguage } from '../../lib/i18n/index.ts';
import { saveSignIn, STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';

export type SecondStep = {
  challenge: SecondStepChallenge;
  /** Where it started: the sign-up form or the login form. */
  origin: 'sign-up' | 'login';
  /** Client time the current code's answer arrived (countdowns count from it). */
  receivedAt: number;
};

export const useSecondStep = create<{ step: SecondStep | null }>()(() => ({ step: null }));

export function beginSecondStep(challenge: SecondStepChallenge, origin: SecondStep['origin']): void {
  storage.set(STORAGE_KEYS.otpVerify, challenge.second_step);
  useSecondStep.setState({ step: { challenge, origin, receivedAt: Date.now() } });
}

/** A resend: the same challenge with new times. */
export function updateSecondStep(challenge: SecondStepChallenge): void {
  const step = useSecondStep.getState().step;
  if (step) useSecondStep.setState({ step: { ...step, challenge, receivedAt: Date.now() } });
}

/** Back to the login form: the challenge is dropped, and so is the flag. */
export function cancelSecondStep(): void {
  storage.remove(STORAGE_KEYS.otpVerify);
  useSecondStep.setState({ step: null });
}

/**
 * Stores the session of a finished sign-in (spec §3 keys) and ends the half-signed-in state.
 * A user info without a token is no session: nothing is stored and false is returned.
 */
export function finishSignIn(user: UserInfo): boolean {
  if (!user.token) return false;
  saveSignIn(user);
  cancelSecondStep();
  useClientStore.getState().setLoggedIn(user);
  adoptSignInLanguage(user.language);
  return true;
}

/** Where a user goes once signed in. */
export const homeOf = (user: Pick<UserInfo, 'is_change_password'>): string =>
  user.is_change_password === '1' ? '/setting/change-password' : '/home';
