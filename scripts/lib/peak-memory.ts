// The peak resident memory of a child process (a step the runner emulation spawned), for the benchmarks.
import { readFileSync } from 'node:fs';
import { runAction, type RunOptions, type RunResult } from '@compliance-actions/runner/emulator';

/** Samples the child's high-water mark of resident memory (VmHWM) until it exits. */
function watchPeak(): { onSpawn: (pid: number) => void; peak: () => number } {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    onSpawn(pid) {
      timer = setInterval(() => {
        try {
          const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
          if (kb) peak = Math.max(peak, Number(kb) * 1024);
        } catch {
          clearInterval(timer);
        }
      }, 10);
    },
    peak: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

export const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

/**
 * Runs one step of an action as the runner does: its wall time, its peak RSS, and its result; throws if it exits
 * other than with `code` (0: it passed).
 */
export async function measuredStep(
  action: string,
  options: RunOptions,
  code = 0,
): Promise<{ seconds: number; peak: number; result: RunResult }> {
  const watch = watchPeak();
  const started = performance.now();
  const result = await runAction(action, { ...options, onSpawn: watch.onSpawn });
  const seconds = (performance.now() - started) / 1000;
  if (result.code !== code)
    throw new Error(`the step exited ${result.code}, not ${code}:\n${result.stdout}\n${result.stderr}`);
  return { seconds, peak: watch.peak(), result };
}
