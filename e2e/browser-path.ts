/**
 * Which browser the browser tests drive. No vitest import: the e2e global setup uses it too.
 */
import { existsSync } from 'node:fs';

/** Debian's packages, lightest first: `chromium-headless-shell`, then `chromium`. */
const BROWSER_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

/**
 * CHROMIUM_PATH when set (even to a missing file: the tests then say it is missing), else the
 * first installed candidate, else the headless shell's path (the one `.ci/run` installs), so a
 * skip or a CI failure names what to install.
 */
export function browserPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return BROWSER_CANDIDATES.find((path) => existsSync(path)) ?? BROWSER_CANDIDATES[0];
}
