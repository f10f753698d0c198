// How a bundle is made, for dist/ (scripts/build.mjs) and for the start benchmark's minimal step
// (scripts/bench-start.ts), so the two are made alike: ncc, then terser, then eager module factories.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { eagerFactories } from './eager-factories.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles `entry` (relative to the project root) into `outDir`, replacing what was there. */
export async function bundle(entry, outDir, { license } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(
    join(root, 'node_modules/.bin/ncc'),
    [
      'build',
      entry,
      '-o',
      outDir,
      '--no-source-map-register',
      ...(license ? ['--license', license] : []),
      '--quiet',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  // Minified after bundling: a step compiles every byte of the chunks it loads before its first request,
  // and the unused parts of concatenated modules (most of zod's core) go with the whitespace. Names are kept, so stack
  // traces read and the load recorder (packages/runner/src/loads.ts) still finds its markers; license comments are kept.
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.js'))) {
    const path = join(outDir, file);
    const { code } = await minify(readFileSync(path, 'utf8'), {
      module: true,
      keep_classnames: true,
      keep_fnames: true,
      format: { comments: 'some' },
    });
    if (code === undefined) throw new Error(`bundle: terser gave no code for ${file}`);
    writeFileSync(path, eagerFactories(code).code);
  }
}
