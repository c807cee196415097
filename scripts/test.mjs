#!/usr/bin/env node
// Runs every test of the tree once (vitest projects) and ends with one plain summary line
// ("N passed, N failed, N skipped") that CI reads. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const reportPath = '.tmp/vitest-report.json';
mkdirSync('.tmp', { recursive: true });
rmSync(reportPath, { force: true });

const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportPath}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let summary = 'no report written';
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`;
} catch {
  // vitest crashed before writing its report; its exit code below says so.
}
console.log(`\ntests: ${summary}`);
process.exit(run.status ?? 1);
