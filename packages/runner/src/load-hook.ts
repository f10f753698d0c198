/**
 * The load recorder's preload, for `node --import <this file's URL>?out=<file>` (packages/runner/src/loads.ts adds it): appends
 * the URL of every file Node loads (ES modules, CommonJS and JSON; not Node's built-in modules) to the `out` file, one
 * a line. Only the untimed recording runs use it; never the timed runs of the start benchmark, nor a runner.
 */
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const out = new URL(import.meta.url).searchParams.get('out');
if (!out) throw new Error('load-hook: give the record file as ?out=<path> on the --import URL');

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:')) appendFileSync(out, `${url}\n`);
    return nextLoad(url, context);
  },
});
