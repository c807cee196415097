// The demo provider's process logs as the server does (issue 48): JSON lines in a pipe, each
// naming its service, no Fastify deprecation warning; its ready line (what a launcher or a test
// waits for: a line containing PROVIDER_DEMO_READY) is one of those JSON lines, printed whatever
// LOG_LEVEL says, and a dropped client connection is not an error.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('..', import.meta.url));

it('logs JSON lines naming its service, its ready line among them, and no deprecation warning', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-log-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: DIR,
    env: {
      ...process.env,
      PROVIDER_DEMO_PORT: '0',
      PROVIDER_DEMO_DATA: dataDir,
      BACKLAY_WALLET_URL: 'http://127.0.0.1:9/api/provider/wallet',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready: ${stdout.join('\n')}${stderr}`)), 30_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        stdout.push(line);
        if (line.includes('PROVIDER_DEMO_READY')) {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(line) as Record<string, unknown>);
          } catch {
            reject(new Error(`the ready line is not a JSON line: ${line}`));
          }
        }
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    expect(ready).toMatchObject({ service: 'provider-demo', event: 'PROVIDER_DEMO_READY' });
    expect(ready.port).toEqual(expect.any(Number));
    expect(ready.msg).toMatch(/^Demo provider ready on http:\/\/127\.0\.0\.1:\d+/);
    // A page request the browser drops before the answer: nothing at warn or above.
    await new Promise<void>((resolve) => {
      const s = connect(ready.port as number, '127.0.0.1', () => {
        s.write('GET /game.js HTTP/1.1\r\nHost: x\r\n\r\n');
        s.destroy();
        resolve();
      });
      s.on('error', () => {});
    });
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const line of stdout) expect(JSON.parse(line)).toMatchObject({ service: 'provider-demo' });
  expect(stderr).not.toMatch(/FSTDEP|DeprecationWarning|Warning/);
}, 60_000);
