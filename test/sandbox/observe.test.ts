/**
 * The sandbox tells an observer of each request as it arrives (what the gate's tests and `npm run bench:gate` count),
 * until the observer is removed.
 */
import { expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const start = useSandbox();

it('observe: each request, its method and URL as sent, until removed', async () => {
  const sandbox = await start();
  const seen: { method: string; url: string }[] = [];
  const stop = sandbox.sandbox.observe((request) => seen.push(request));
  await sandbox.fetch('/trails/demo?flow=backend');
  await sandbox.fetch('/attestations/demo/list_attestations_for_criteria?commit_list=a&commit_list=b', {
    token: null,
  });
  stop();
  await sandbox.fetch('/trails/demo');
  expect(seen).toEqual([
    { method: 'GET', url: '/api/v2/trails/demo?flow=backend' },
    {
      method: 'GET',
      url: '/api/v2/attestations/demo/list_attestations_for_criteria?commit_list=a&commit_list=b',
    },
  ]);
});
