import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Bundle and demo tests that loop over the answer profiles themselves where the answers can change what they assert,
 * and run once where they cannot (a fault served by their own server, an input refused before anything is sent, the
 * demo's pure parts).
 */
const PROFILES_IN_FILE = [
  'bounded-bodies',
  'dry-run',
  'eager-factories',
  'file-contents',
  'hostile',
  'insecure-http',
  'lifecycle',
  'long-texts',
]
  .map((name) => `test/dist/${name}.test.ts`)
  .concat('test/demo/demo.test.ts', 'test/demo/demo-step.test.ts', 'test/demo/sandbox-pages.test.ts');

export default defineConfig({
  test: {
    // A test spends most of its time waiting on a child (a bundle, git, kubectl) or a socket: a worker more than
    // there are cores keeps them busy (vitest's default leaves one idle).
    maxWorkers: availableParallelism() + 1,
    // A worker's files share its process: a fresh one per file cost over a quarter of the in-process tests' CPU time.
    // Each file still gets fresh modules of its own (test/setup/fresh-modules.ts).
    isolate: false,
    // A bound for a hang only, far above any test's run with both cores busy: a verdict never rests on time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The default report, then the ten slowest files (a slow file is seen before it becomes a timeout).
    reporters: ['default', './test/setup/slowest-files.ts'],
    setupFiles: ['test/setup/fresh-modules.ts', 'test/setup/token-guard.ts', 'test/setup/fast-check.ts'],
    // `npm run coverage`: what the in-process tests run of src/ (a bundle run in a child is not counted), less the
    // linear-time test, which measures the shipped code's cost and not the instrumented code's.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.facts.ts'],
      reporter: ['text-summary'],
    },
    // The through-the-bundle layer and the demo run twice: against the sandbox's full answers, and against its minimal
    // ones, shaped as the live service may answer (test/helpers/sandbox.ts reads SANDBOX_PROFILE).
    projects: [
      { extends: true, test: { name: 'full', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'minimal',
          include: ['test/dist/**/*.test.ts', 'test/demo/**/*.test.ts'],
          exclude: PROFILES_IN_FILE,
          env: { SANDBOX_PROFILE: 'minimal' },
        },
      },
    ],
  },
});
