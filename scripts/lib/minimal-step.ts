/**
 * The least a step can do, as a reference for `npm run bench:start`: list-actions' one request over
 * node:http, its answer parsed with a small zod/mini schema, one output and a summary table written to the runner's
 * files, one line printed. No input checks, redaction, retries, deadline, result file or error path: what the real
 * actions add is their time over this one's. Bundled as dist/ is (scripts/bundle.mjs); never shipped.
 */
import { appendFileSync } from 'node:fs';
import { request } from 'node:http';
import * as z from 'zod/mini';

const Actions = z.array(
  z.looseObject({ name: z.string(), number: z.number().check(z.int()), is_failing: z.nullish(z.boolean()) }),
);

const env = process.env;
const url = `${env['INPUT_API-URL'] ?? ''}/actions/${env.INPUT_ORG ?? ''}`;
const body = await new Promise<string>((resolve, reject) => {
  const headers = { authorization: `Bearer ${env['INPUT_API-TOKEN'] ?? ''}`, accept: 'application/json' };
  const req = request(url, { headers }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => {
      resolve(text);
    });
  });
  req.on('error', reject);
  req.end();
});
const actions = Actions.parse(JSON.parse(body));
const failing = actions.filter((a) => a.is_failing === true).length;
process.stdout.write(`${String(actions.length)} action(s), ${String(failing)} failing\n`);
appendFileSync(env.GITHUB_OUTPUT ?? '', `count<<EOF_COUNT\n${String(actions.length)}\nEOF_COUNT\n`);
const rows = actions.map((a) => `| ${a.name} | ${String(a.number)} | ${a.is_failing ? 'yes' : 'no'} |`);
appendFileSync(
  env.GITHUB_STEP_SUMMARY ?? '',
  ['| action | number | failing |', '| --- | --- | --- |', ...rows, ''].join('\n'),
);
