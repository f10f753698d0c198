/**
 * `npm run sandbox -- [--port 8080] [--host 127.0.0.1] [--seed FILE | --hostile] [--data FILE] [--latency MS]
 *                     [--profile full|minimal] [--own-ui]
 *                     [--fault 503x3[:retry-after=1]] [--fault resetx1] [--fault malformedx1]
 *                     [--fault respond200x1[:type=text/html][:path=REGEX][:body=TEXT]]`
 *
 * --hostile serves the demo's story with workflow commands, line breaks, mentions and HTML in every free text.
 * --profile minimal answers as the live service may: only what the spec requires and what an outcome rests on, the
 * live service's names, integer timestamps, and an unknown field in every object (default: full, every field).
 * --own-ui serves the sandbox's own pages at <its origin>/ui/ and points its html_url links there, so they open in a
 * browser (default: the seed's ui_url, https://sandbox.compliance.invalid for the demo seed, which resolves nowhere).
 *
 * Starts the sandbox and prints its base URL and the seed's tokens (sandbox tokens are not secrets).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hostileSeed } from './seeds/hostile.js';
import { demoSeed } from './seeds/index.js';
import { parseProfile } from './profile.js';
import { Sandbox } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string' },
    hostile: { type: 'boolean' },
    data: { type: 'string' },
    latency: { type: 'string' },
    profile: { type: 'string', default: 'full' },
    fault: { type: 'string', multiple: true },
    'own-ui': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('*/')[0]
      ?.replace(/^\/\*\*?|^ \* ?/gm, '')
      .trim(),
  );
  process.exit(0);
}

try {
  const seed: unknown = values.seed
    ? JSON.parse(readFileSync(values.seed, 'utf8'))
    : values.hostile
      ? hostileSeed()
      : demoSeed();
  const profile = parseProfile(values.profile, '--profile');
  const sandbox = new Sandbox({
    seed,
    profile,
    ...(values.data && { dataFile: values.data }),
    ...(values['own-ui'] && { uiBase: 'own' as const }),
  });
  if (values.latency) sandbox.faults.latencyMs = Number(values.latency);
  for (const fault of values.fault ?? []) sandbox.faults.addFromFlag(fault);
  const url = await sandbox.start(Number(values.port), values.host);
  console.log(`sandbox: listening on ${url} (${profile} answers)`);
  if (values['own-ui'])
    console.log(`sandbox: its pages at ${sandbox.uiUrl}/ (where its html_url links lead)`);
  for (const [token, org] of Object.entries(sandbox.service.data.tokens)) {
    console.log(`sandbox: org '${org}' token '${token}'`);
  }
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
