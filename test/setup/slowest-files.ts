/**
 * A reporter beside the default one: after the run, the ten test files that took longest, each with its
 * project, so a slow file is seen before it becomes a timeout. Times are reported, never asserted.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules
      .map((module) => {
        const d = module.diagnostic();
        return {
          name: `${module.project.name ? `[${module.project.name}] ` : ''}${module.relativeModuleId}`,
          ms: d.duration + d.collectDuration + d.setupDuration,
        };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const width = Math.max(...timed.map((t) => t.name.length));
    const lines = timed.map((t) => `  ${t.name.padEnd(width)}  ${(t.ms / 1000).toFixed(1).padStart(6)} s`);
    process.stdout.write(
      `\nThe ${timed.length} slowest test files (tests, hooks and import):\n${lines.join('\n')}\n`,
    );
  }
}
