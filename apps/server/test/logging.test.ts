// The server's log in a terminal is for a person (pino-pretty's lines), elsewhere for machines (a
// JSON line per event); either way it starts by naming the two addresses to open.
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { loggerOptions, startUrls } from '../src/logging.ts';

describe('the server log', () => {
  it('is JSON lines off a terminal and pino-pretty on one, redacted either way', () => {
    const off = loggerOptions('info', false) as Record<string, unknown>;
    expect(off.transport).toBeUndefined();
    expect(off.redact).toBeDefined();
    const on = loggerOptions('info', true) as {
      transport: { target: string; options: object };
      redact: unknown;
    };
    expect(on.transport.target).toBe('pino-pretty');
    expect(on.redact).toEqual(off.redact);
    // What that transport makes of a JSON line: a readable line, not JSON.
    const pretty = prettyFactory({ ...on.transport.options, colorize: false });
    const line = pretty(
      `${JSON.stringify({ level: 30, time: 0, pid: 1, hostname: 'h', msg: 'Backlay server ready' })}\n`,
    );
    expect(line).toMatch(/INFO.*Backlay server ready/);
    expect(line).not.toContain('{"level"');
  });

  it('names the bettors’ and the console’s addresses', () => {
    expect(startUrls(8080)).toEqual({
      bettors: 'http://localhost:8080/',
      console: 'http://localhost:8080/admin/',
    });
  });
});
