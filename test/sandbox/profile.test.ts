/**
 * The sandbox's minimal profile, field by field: only what the spec requires and what an outcome rests on, a
 * display-only field sent null and the rest left out, the live name of the chat-app flag, integer numbers, an unknown
 * field in every object; and every minimal answer still one the client reads.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN_FIELD } from '@compliance-actions/sandbox/profile';
import { useSandbox, useSharedSandbox } from '../helpers/sandbox.js';
import { BACKEND_150 } from '@compliance-actions/sandbox/seeds/index';

const minimal = useSharedSandbox({ profile: 'minimal' });
const full = useSharedSandbox({ profile: 'full' });
const fresh = useSandbox();

/** The answer to GET `path`, which must be a 200, as `T`. */
async function read<T = Record<string, unknown>>(sb: ReturnType<typeof minimal>, path: string): Promise<T> {
  const res = await sb.fetch(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Every number in `value`, at any depth. */
function numbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(numbers);
}

describe('the minimal answer profile', () => {
  it('a report the service took: no body, "OK", {}, null, an object without message, in turn; each delivered', async () => {
    const sb = await fresh({ profile: 'minimal' });
    const client = sb.client();
    const put = () =>
      sb.fetch('/environments/demo/staging/report/K8S', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ artifacts: [] }),
      });
    const sent = [];
    for (let i = 0; i < 5; i++) {
      const res = await put();
      sent.push([res.headers.get('content-type'), await res.text()]);
    }
    expect(sent).toEqual([
      [null, ''],
      ['application/json', '"OK"'],
      ['application/json', '{}'],
      ['application/json', 'null'],
      ['application/json', expect.stringContaining(`{"${UNKNOWN_FIELD}":`) as unknown],
    ]);
    // The client takes each as delivered.
    const messages = [];
    for (let i = 0; i < 5; i++)
      messages.push((await client.reportK8sEnvironment('staging', { artifacts: [] })).message);
    expect(messages).toEqual(['', 'OK', '', '', '']);
  });

  it('an action: the seven required fields, is_failing, the live chat flag, shown fields null, an unknown field', async () => {
    const [action] = await read<Record<string, unknown>[]>(minimal(), '/actions/demo');
    const [whole] = await read<Record<string, unknown>[]>(full(), '/actions/demo');
    const kept = 'name type number targets triggers created_by last_modified_at is_failing';
    const shown = 'last_success_timestamp last_failure_timestamp created_at flows environments';
    expect(Object.keys(action ?? {}).sort()).toEqual(
      [...`${kept} ${shown} is_created_from_slack_app`.split(' '), UNKNOWN_FIELD].sort(),
    );
    expect(action).toMatchObject({
      name: whole?.name,
      is_failing: whole?.is_failing,
      is_created_from_slack_app: whole?.is_created_from_chat_app,
      last_success_timestamp: null,
      flows: null,
    });
  });

  it('a diff: groups, artifacts with the fields pairing and lookups rest on, no snapshot_id, no pods', async () => {
    const diff = await read<
      Record<string, { artifacts: Record<string, unknown>[] } & Record<string, unknown>>
    >(minimal(), '/env-diff/demo?snappish1=production&snappish2=staging');
    const groups = ['snappish1', 'snappish2', 'changed', 'not-changed'];
    expect(groups.flatMap((g) => diff[g]?.artifacts ?? []).length).toBeGreaterThan(2);
    for (const group of groups) {
      expect(diff[group]).not.toHaveProperty('snapshot_id');
      expect(diff[group]).toHaveProperty(UNKNOWN_FIELD);
      for (const artifact of diff[group]?.artifacts ?? []) {
        // What pairing and the lookups rest on is kept as the seed has it; every other field is sent null.
        const { fingerprint, name, flow, [UNKNOWN_FIELD]: unknown, ...shownOnly } = artifact;
        expect(fingerprint).toMatch(/^[a-f0-9]{64}$/);
        expect(typeof name).toBe('string');
        expect(flow === null || typeof flow === 'string').toBe(true);
        expect(unknown).toBeDefined();
        expect(Object.keys(shownOnly)).toEqual(expect.arrayContaining(['most_recent_timestamp', 'pods']));
        expect(Object.values(shownOnly).every((value) => value === null)).toBe(true);
      }
    }
  });

  it('a deployment: identity left out, what it replaced not claimed as nothing, numbers whole', async () => {
    const answer = await read(minimal(), `/deployments/demo/staging/${BACKEND_150}`);
    expect(answer).not.toHaveProperty('fingerprint');
    expect(answer).not.toHaveProperty('env_name');
    // null would say "replaced nothing": a field whose null means something is left out instead.
    expect(answer).not.toHaveProperty('replaced_artifact');
    expect(answer.deployed_at).toBeNull();
    const artifact = await read(minimal(), `/artifacts/demo/backend/fingerprint/${BACKEND_150}`);
    const whole = await read(full(), `/artifacts/demo/backend/fingerprint/${BACKEND_150}`);
    // The state is what the outcome rests on: kept, as the full answer has it.
    expect(artifact.state).toBe(whole.state);
    expect(artifact.state).toEqual(expect.any(String));
    expect(artifact).not.toHaveProperty('trail_name');
    expect(numbers(await read(minimal(), '/trails/demo?per_page=1')).every(Number.isInteger)).toBe(true);
    expect(numbers(await read(full(), '/trails/demo?per_page=1')).some((n) => !Number.isInteger(n))).toBe(
      true,
    );
  });

  it("keeps a list's pagination, as the spec has it on every list of several pages", async () => {
    const page = await read<{ pagination?: Record<string, unknown> }>(minimal(), '/trails/demo?per_page=1');
    expect(page.pagination).toMatchObject({ page_count: expect.any(Number) as unknown });
  });
});
