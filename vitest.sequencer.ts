import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files of each project, slowest first (file times of the clean-clone `.ci/run`s,
 * docs/performance.md "Test suite time"). On a clean clone vitest has no durations from an earlier
 * run and starts the largest files first; a slow but short file (the binary browser test, 48 s)
 * then ran last, alone on one of the two workers, while the other sat idle.
 */
const SLOWEST_FIRST = [
  'e2e/a11y.e2e.ts',
  'e2e/bet-intent.e2e.ts',
  'e2e/provider-demo.e2e.ts',
  'e2e/fantasy.e2e.ts',
  'e2e/binary.e2e.ts',
  'e2e/cricket.e2e.ts',
  'apps/server/test/chaos.test.ts',
  'apps/server/test/race.test.ts',
  'apps/server/test/provider-demo-crash.test.ts',
  'apps/server/test/bad-input.test.ts',
  'apps/server/test/crash.test.ts',
  'apps/server/test/casino.test.ts',
  'apps/server/test/multinode.test.ts',
  'apps/server/test/ledger-model.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const path = spec.moduleId.replaceAll('\\', '/');
  const i = SLOWEST_FIRST.findIndex((suffix) => path.endsWith(`/${suffix}`));
  return i === -1 ? SLOWEST_FIRST.length : i;
};

/** vitest's order (groups, projects, then durations or sizes), with the known slowest files first in their project. */
export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    const out = [...sorted].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0 || a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return rank(a) - rank(b) || position.get(a)! - position.get(b)!;
    });
    return out;
  }
}
