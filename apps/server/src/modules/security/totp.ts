// TOTP (RFC 6238) through otplib: SHA-1, 6 digits, 30-second steps, a code of the step before or
// after also accepted (clock skew of ±1 step), and each step accepted once (replay).
import { generate, generateSecret, generateURI, verify } from 'otplib';

export const TOTP_PERIOD_S = 30;
/** Steps of skew accepted either side. */
export const TOTP_SKEW_STEPS = 1;

export const newTotpSecret = () => generateSecret({ length: 20 });

export const totpUri = (issuer: string, label: string, secret: string) =>
  generateURI({ issuer, label, secret, period: TOTP_PERIOD_S, digits: 6, algorithm: 'sha1' });

/** The code for a time (tests, and the RFC's vectors with 8 digits). */
export function totpAt(secret: string | Uint8Array, epochSeconds: number, digits: 6 | 8 = 6) {
  return generate({ secret, epoch: epochSeconds, period: TOTP_PERIOD_S, digits, algorithm: 'sha1' });
}

/**
 * Checks a code at a time: the time step it belongs to, or null. `afterStep` refuses that step
 * and every earlier one (a code is used once).
 */
export async function checkTotp(
  secret: string | Uint8Array,
  code: string,
  epochSeconds: number,
  afterStep: number | null,
  digits: 6 | 8 = 6,
): Promise<number | null> {
  const r = await verify({
    secret,
    token: code,
    epoch: epochSeconds,
    period: TOTP_PERIOD_S,
    digits,
    algorithm: 'sha1',
    epochTolerance: TOTP_SKEW_STEPS * TOTP_PERIOD_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => ({ valid: false as const }));
  return r.valid ? Math.floor(epochSeconds / TOTP_PERIOD_S) + r.delta : null;
}
