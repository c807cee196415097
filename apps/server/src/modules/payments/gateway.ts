// The payment gateway seam: a gateway tells us about deposits it took and payouts it made by a
// signed webhook. Verified on the raw body before anything is parsed or trusted.
import { gatewayEvent, type GatewayEvent } from '@backlay/contract';
import { signPayload, verifySignature } from '@backlay/contract/provider-signature';

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
export const signWebhook = signPayload;

/**
 * A gateway that signs its webhooks with a shared secret (HMAC-SHA256 over the timestamp and the
 * raw body, as most Indian and international gateways do). PAYMENT_GATEWAY_SECRET configures it.
 * The same scheme signs the game providers' calls (@backlay/contract/provider-signature).
 */
export function hmacGateway(opts: { name?: string; secret: string }): PaymentGateway {
  return {
    name: opts.name ?? 'hmac',
    verifyWebhook(rawBody, headers, now) {
      const signed = verifySignature(
        opts.secret,
        headers[SIGNATURE_HEADER],
        rawBody,
        now,
        SIGNATURE_TOLERANCE_S,
      );
      if (!signed.ok) return { ok: false, status: 401, message: signed.message };
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
