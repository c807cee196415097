// How an SMS leaves: the sender interface, the built-in one (the server log: a demo works offline;
// its messages are read back through the operator's message list) and a generic HTTP provider.

export type OutgoingSms = { to: string; body: string; idempotencyKey: string };

export interface SmsSender {
  /** Stored with each message it sent. */
  readonly name: string;
  /** Whether a message's text stays readable after it was sent (only the offline demo sender). */
  readonly keepsText: boolean;
  /** Delivers one message or throws; the provider's message id. Must be safe to repeat with the same key. */
  send(message: OutgoingSms): Promise<{ providerId: string }>;
}

/** The built-in sender: writes the message to the server log; the outbox keeps its text. */
export function logSender(log: { info(obj: object, msg: string): void }): SmsSender {
  return {
    name: 'log',
    keepsText: true,
    async send(m) {
      log.info({ sms: { to: m.to, body: m.body, key: m.idempotencyKey } }, 'SMS (built-in sender)');
      return { providerId: `log:${m.idempotencyKey}` };
    },
  };
}

/**
 * A provider with a JSON HTTP API (configured by SMS_HTTP_URL and SMS_HTTP_TOKEN): POST
 * {to, text} with the outbox key as Idempotency-Key, so a retried send is not sent twice.
 */
export function httpSender(opts: { url: string; token?: string; timeoutMs?: number }): SmsSender {
  return {
    name: 'http',
    keepsText: false,
    async send(m) {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': m.idempotencyKey,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ to: m.to, text: m.body }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { id?: unknown };
      return { providerId: typeof body.id === 'string' ? body.id : m.idempotencyKey };
    },
  };
}
