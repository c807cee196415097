// The signature of the provider protocol and of the payment gateway's webhook (one scheme, one
// code): header `t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, checked on the raw
// bytes with a timestamp window, so a captured call cannot be replayed later. Node only (crypto):
// imported by the server and by a provider process (apps/provider-demo), never by a browser.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header value for `rawBody` signed at `unixSeconds`. */
export function signPayload(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type SignatureCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether `header` signs `rawBody` with `secret` at a time within `toleranceS` seconds of `now`.
 * Constant-time on the MAC; the messages name what was wrong for the caller's log.
 */
export function verifySignature(
  secret: string,
  header: string | string[] | undefined,
  rawBody: Buffer,
  now: Date,
  toleranceS: number,
): SignatureCheck {
  if (typeof header !== 'string') return { ok: false, message: 'Missing signature' };
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) {
    return { ok: false, message: 'Malformed signature' };
  }
  if (Math.abs(now.getTime() / 1000 - t) > toleranceS) {
    return { ok: false, message: 'Signature timestamp out of range' };
  }
  const expected = Buffer.from(signPayload(secret, rawBody, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1!, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, message: 'Bad signature' };
  }
  return { ok: true };
}
