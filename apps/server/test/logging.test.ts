// The server's log in a terminal is for a person (pino-pretty's lines), elsewhere for machines (a
// JSON line per event); either way it starts by naming the two addresses to open. Every line
// names its service, and the demo provider (its own process) logs the same way. A browser that
// drops its connection is not an error of ours: it is logged at debug, without a stack.
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { loggerOptions as providerLoggerOptions } from '../../provider-demo/src/logging.ts';
import { buildApp } from '../src/app.ts';
import { loggerOptions, startUrls } from '../src/logging.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';

type PrettyOptions = { transport: { target: string; options: Record<string, unknown> } };

describe('the server log', () => {
  it('is JSON lines off a terminal and pino-pretty on one, redacted either way', () => {
    const off = loggerOptions('info', false) as Record<string, unknown>;
    expect(off.transport).toBeUndefined();
    expect(off.redact).toBeDefined();
    const on = loggerOptions('info', true) as PrettyOptions & { redact: unknown };
    expect(on.transport.target).toBe('pino-pretty');
    expect(on.redact).toEqual(off.redact);
    // What that transport makes of a JSON line: a readable line, not JSON.
    const pretty = prettyFactory({ ...on.transport.options, colorize: false });
    const line = pretty(
      `${JSON.stringify({ level: 30, time: 0, pid: 1, hostname: 'h', service: 'server', msg: 'Backlay server ready' })}\n`,
    );
    expect(line).toMatch(/INFO.*server.*Backlay server ready/);
    expect(line).not.toContain('{"level"');
  });

  it('names the bettors’ and the console’s addresses', () => {
    expect(startUrls(8080)).toEqual({
      bettors: 'http://localhost:8080/',
      console: 'http://localhost:8080/admin/',
    });
  });

  it('every line names its service, and the demo provider logs alike (same shape, its own name)', () => {
    for (const tty of [false, true]) {
      const server = loggerOptions('info', tty) as Record<string, unknown> & Partial<PrettyOptions>;
      const provider = providerLoggerOptions('info', tty) as Record<string, unknown> & Partial<PrettyOptions>;
      expect(server.base).toMatchObject({ service: 'server', pid: process.pid });
      expect(provider.base).toMatchObject({ service: 'provider-demo', pid: process.pid });
      expect(provider.transport).toEqual(server.transport);
      expect(Object.keys(provider).sort()).toEqual(Object.keys(server).sort());
    }
    const { transport } = loggerOptions('info', true) as PrettyOptions;
    const pretty = prettyFactory({ ...transport.options, colorize: false });
    const line = pretty(
      `${JSON.stringify({ level: 30, time: 0, pid: 1, hostname: 'h', service: 'provider-demo', msg: 'Demo provider ready' })}\n`,
    );
    expect(line).toMatch(/INFO.*provider-demo.*Demo provider ready/);
  });
});

/** An app on a real port whose log lines (JSON) are kept. */
async function appWithLog() {
  const lines: { level: number; msg: string; err?: { stack?: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const opened = await openStore('pglite');
  const app = await buildApp({
    store: opened.options,
    seedDemo: true,
    rateLimits: TEST_RATE_LIMITS,
    secretHashCost: TEST_SECRET_HASH_COST,
    logger: { level: 'debug', stream },
  });
  // A call whose answer is still being made when the client goes away, failing as a stream does
  // when its reader is gone (Node's "Premature close").
  app.get('/api/test/answer-after-drop', async (req) => {
    await new Promise((resolve) => req.raw.socket.once('close', resolve));
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, lines, port: (app.server.address() as AddressInfo).port };
}

/** Sends `request` on a raw connection and drops it after `ms`. */
const dropAfter = (port: number, request: string, ms: number) =>
  new Promise<void>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(request);
      setTimeout(() => {
        s.destroy();
        resolve();
      }, ms);
    });
    s.on('error', () => {});
  });

describe('a client that drops its connection', () => {
  it('is logged at debug without a stack, never at error: an answer cut short, a WebSocket dropped mid-upgrade', async () => {
    const { app, lines, port } = await appWithLog();
    try {
      await dropAfter(port, 'GET /api/test/answer-after-drop HTTP/1.1\r\nHost: x\r\n\r\n', 50);
      const upgrade =
        'GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
      for (let i = 0; i < 20; i++) await dropAfter(port, upgrade, i % 3);
      await new Promise((r) => setTimeout(r, 500));
      const loud = lines.filter((l) => l.level >= 40);
      expect(loud).toEqual([]);
      const dropped = lines.filter((l) => /client (closed|dropped)/.test(l.msg));
      expect(dropped.length).toBeGreaterThan(0);
      for (const l of dropped) {
        expect(l.level).toBe(20);
        expect(l.err?.stack).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  }, 60_000);
});
