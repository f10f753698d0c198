// Benchmark: fingerprinting a large file against `sha256sum` on the same file in the same run.
// Prints the ratio (ours / sha256sum; 1.00 = as fast). Usage: npm run bench:fingerprint [-- <MiB>]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fingerprintFile } from '../src/fingerprint/file.js';

const mib = Number(process.argv[2] ?? 512);
const dir = mkdtempSync(join(tmpdir(), 'bench-fp-'));
const file = join(dir, 'big.bin');
const block = Buffer.alloc(1024 * 1024);
for (let i = 0; i < block.length; i++) block[i] = (i * 2654435761) & 0xff;
const fd = openSync(file, 'w');
for (let i = 0; i < mib; i++) writeSync(fd, block);
closeSync(fd);

const time = async (fn: () => Promise<string> | string): Promise<[number, string]> => {
  const start = process.hrtime.bigint();
  const out = await fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, out];
};
try {
  // Warm the page cache once so both read from memory.
  execFileSync('sha256sum', [file]);
  const runs = 3;
  let ours = Infinity;
  let theirs = Infinity;
  for (let i = 0; i < runs; i++) {
    const [a, fa] = await time(() => fingerprintFile(file));
    const [b, fb] = await time(
      () => execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0] ?? '',
    );
    if (fa !== fb) throw new Error(`fingerprints differ: ${fa} vs ${fb}`);
    ours = Math.min(ours, a);
    theirs = Math.min(theirs, b);
  }
  console.log(
    `file of ${mib} MiB, best of ${runs}: ours ${ours.toFixed(0)} ms, sha256sum ${theirs.toFixed(0)} ms`,
  );
  console.log(`ratio ours/sha256sum: ${(ours / theirs).toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
