// The first of the two commands on a fresh machine: `npm ci` installs exactly the lock file, and
// refuses one out of step with the package.json files (issue 19: platform packages missing from
// it). `--dry-run` checks the lock against every workspace's package.json without touching
// node_modules, and prints npm's EBADENGINE warning for a package this Node cannot run.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

it('package-lock.json is in sync with package.json and needs no other Node than this one', async () => {
  const { stdout, stderr } = await promisify(execFile)(
    'npm',
    ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: root, timeout: 60_000 },
  );
  expect(stdout + stderr).not.toMatch(/EBADENGINE|not in sync|Missing: /);
}, 90_000);
