// The payment gateway seam: a gateway tells us about deposits it took and payouts it made by a
// signed webhook. Verified on the raw body before anything is parsed or trusted.
import { gatewayEvent, type GatewayEvent } from '@backlay/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PaymentGateway {
  /** Stored with each event; events are idempotent per (gateway, event id). */
  readonly name: string;
  /** The event of a webhook whose signature is right, or why not. */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): { ok: true; event: GatewayEvent } | { ok: false; status: 400 | 401; message: string };
}

export const SIGNATURE_HEADER = 'x-gateway-signature';
/** A signature older (or newer) than this is refused: a captured webhook cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

/** 't=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>' — what a gateway (or a test) sends. */
export function signWebhook(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * A gateway that signs its webhooks with a shared secret (HMAC-SHA256 over the timestamp and the
 * raw body, as most Indian and international gateways do). PAYMENT_GATEWAY_SECRET configures it.
 */
export function hmacGateway(opts: { name?: string; secret: string }): PaymentGateway {
  return {
    name: opts.name ?? 'hmac',
    verifyWebhook(rawBody, headers, now) {
      const header = headers[SIGNATURE_HEADER];
      if (typeof header !== 'string') return { ok: false, status: 401, message: 'Missing signature' };
      const parts = Object.fromEntries(
        header.split(',').map((p) => {
          const i = p.indexOf('=');
          return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
        }),
      );
      const t = Number(parts.t);
      if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) {
        return { ok: false, status: 401, message: 'Malformed signature' };
      }
      if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) {
        return { ok: false, status: 401, message: 'Signature timestamp out of range' };
      }
      const expected = Buffer.from(signWebhook(opts.secret, rawBody, t).split('v1=')[1]!, 'hex');
      const given = Buffer.from(parts.v1!, 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, status: 401, message: 'Bad signature' };
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, status: 400, message: 'Body is not JSON' };
      }
      const parsed = gatewayEvent.safeParse(json);
      if (!parsed.success) {
        // Named, so the gateway's operator can see which field was refused (a 4xx: not retried as is).
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return { ok: false, status: 400, message: `Unknown event shape: ${where}${issue?.message ?? ''}` };
      }
      return { ok: true, event: parsed.data };
    },
  };
}
