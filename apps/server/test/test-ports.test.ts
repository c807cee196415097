// scripts/test-ports.mjs: the ports the tests start servers on. A port picked by listen(0) and
// closed again was handed, in CI, to another socket before the chaos run's node could bind it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, portRange } from '../../../scripts/test-ports.mjs';

const MODULE_URL = new URL('../../../scripts/test-ports.mjs', import.meta.url).href;
const dir = mkdtempSync(path.join(tmpdir(), 'ports-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another process taking `count` ports from [from, to) in `dir`: the ports it got. */
function portsOfAnotherProcess(count: number, from: number, to: number): Promise<number[]> {
  const code = `import { freePort } from ${JSON.stringify(MODULE_URL)};
const got = [];
for (let i = 0; i < ${count}; i++) got.push(await freePort({ from: ${from}, to: ${to}, dir: ${JSON.stringify(dir)} }));
process.stdout.write(JSON.stringify(got));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`exit ${code}`)),
    );
  });
}

describe('the test ports', () => {
  it('come from below the kernel’s ephemeral range, which it never hands out by itself', async () => {
    const range = portRange();
    if (process.platform === 'linux') {
      const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
      expect(range.to).toBeLessThanOrEqual(low);
    }
    for (let i = 0; i < 20; i++) {
      const port = await freePort({ dir });
      expect(port).toBeGreaterThanOrEqual(range.from);
      expect(port).toBeLessThan(range.to);
    }
  });

  it('are never handed to two processes of one run, even from a range they both fill', async () => {
    // 30 ports each from 64 (below the 20000 up the other tests take): picked at random and
    // checked by binding alone, two processes share some.
    const [from, to] = [11_000, 11_064];
    const [theirs, ours] = await Promise.all([
      portsOfAnotherProcess(30, from, to),
      (async () => {
        const got: number[] = [];
        for (let i = 0; i < 30; i++) got.push(await freePort({ from, to, dir }));
        return got;
      })(),
    ]);
    expect(new Set([...theirs, ...ours]).size).toBe(60);
    // The other process has exited: its reservations went with it; ours stay while we run.
    const left = readdirSync(dir)
      .map(Number)
      .filter((p) => p >= from && p < to);
    expect(left.filter((p) => theirs.includes(p))).toEqual([]);
    expect(ours.filter((p) => !left.includes(p))).toEqual([]);
  });

  it('taken by a process that died without its exit hook come back to the next process', async () => {
    const [from, to] = [11_200, 11_202];
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.on('exit', r));
    for (let port = from; port < to; port++) writeFileSync(path.join(dir, String(port)), String(dead.pid));
    expect((await portsOfAnotherProcess(2, from, to)).sort()).toEqual([from, from + 1]);
  });

  it('skip a port another program listens on', async () => {
    const [from, to] = [11_100, 11_102];
    const holder: Server = createServer();
    await new Promise<void>((r) => holder.listen(from, '127.0.0.1', r));
    try {
      expect(await freePort({ from, to, dir })).toBe(from + 1);
      await expect(freePort({ from, to, dir })).rejects.toThrow(/no free port in 11100–11101/);
    } finally {
      holder.close();
    }
  });
});
