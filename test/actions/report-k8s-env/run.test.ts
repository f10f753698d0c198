/** report-k8s-env in-process: reading a pods file, the warnings, and the step result on each path. */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { action } from '../../../src/actions/report-k8s-env/index.js';
import { environmentsText, warnings } from '../../../src/actions/report-k8s-env/render.js';
import { ComplianceClient } from '../../../src/api/client.js';
import { InputError, SourceError } from '../../../src/errors/errors.js';
import { countArtifacts } from '../../../src/k8s/pods.js';
import { readPods } from '../../../src/k8s/source.js';
import { MAX_ANNOTATIONS, settle } from '../../../src/runtime/step.js';
import { useTempDirs } from '../../helpers/git.js';
import { readerOf } from '../../helpers/inputs.js';
import { D1, D2, pod } from '../../helpers/pods.js';
import { podsWorkspace } from '../../helpers/report-k8s-env.js';
import { connection, useSandbox } from '../../helpers/sandbox.js';

const start = useSandbox();
const { tempDir } = useTempDirs();

/** pods.json of `items` in a folder of its own. */
const podsFile = (items?: unknown[]) => join(podsWorkspace(tempDir('pods-'), items), 'pods.json');

const inputs = (url: string, file: string) =>
  action.read(
    readerOf({ ...connection(url), environment: 'staging', 'pods-file': file }, { COMPLIANCE_RETRIES: '0' }),
    '/',
  );

describe('reading a pods file', () => {
  it('skips a pod with a malformed owner or a time before 1970, and reports the rest', async () => {
    const file = podsFile([
      pod('ok-1', {
        ns: 'shop',
        owners: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1' }],
      }),
      pod('bad-owner', { ns: 'shop', owners: [{ kind: 'ReplicaSet', name: 'rs' }] }),
      pod('old', { ns: 'shop', created: '1969-12-31T23:59:00Z' }),
    ]);
    const [report] = await readPods({ kind: 'file', path: file }, [{}]);
    if (!report) throw new Error('no report');
    expect(report.pods).toBe(3);
    expect(report.artifacts.map((a) => a.podName)).toEqual(['ok-1']);
    expect(report.skipped.map((s) => `${s.pod}: ${s.reason}`)).toEqual([
      expect.stringMatching(/^bad-owner: has an ownerReference without/) as unknown,
      expect.stringMatching(/^old: has a creationTimestamp before 1970/) as unknown,
    ]);
  });

  // One that is not a pod list: through the step (steps.test.ts).
  it('says a missing file is not usable, naming pods-file', async () => {
    const missing = readPods({ kind: 'file', path: '/nonexistent/pods.json' }, [{}]);
    await expect(missing).rejects.toThrow(SourceError);
    await expect(missing).rejects.toThrow('pods-file: /nonexistent/pods.json is not a readable file');
  });

  it('counts each image and fingerprint once, with its pods, in order', async () => {
    const [report] = await readPods({ kind: 'file', path: podsFile() }, [{}]);
    if (!report) throw new Error('no report');
    expect(countArtifacts(report)).toEqual([
      { image: 'api:2', fingerprint: D2, pods: 1 },
      { image: 'coredns:1', fingerprint: 'd'.repeat(64), pods: 1 },
      { image: 'envoy:1', fingerprint: 'c'.repeat(64), pods: 1 },
      { image: 'nginx:1.27', fingerprint: D1, pods: 2 },
    ]);
  });
});

describe('warnings', () => {
  /** An environment of `include` whose report holds `skipped` pods, all skipped, in `namespaces`. */
  const env = (include: string[] | undefined, skipped: number, namespaces: string[] = [], name = 'prod') => ({
    target: { name, filter: { include } },
    report: {
      artifacts: [],
      pods: skipped,
      namespaces: new Set(namespaces),
      leftOut: 0,
      skipped: Array.from({ length: skipped }, (_, i) => ({
        namespace: 'shop',
        pod: `p-${i}`,
        reason: 'no imageID',
      })),
    },
  });
  const messages = (annotations: { message: string }[]) => annotations.map((a) => a.message);

  it('names an empty named namespace first, then every skipped pod when they fit', () => {
    expect(messages(warnings([env(['shop', 'shopp'], 2, ['shop'])], false))).toEqual([
      "Namespace 'shopp' has no pods (or does not exist).",
      'Skipped pod shop/p-0: no imageID',
      'Skipped pod shop/p-1: no imageID',
    ]);
  });

  it('stays within what GitHub shows, the last warning counting the pods not named', () => {
    const many = warnings([env(['a', 'b'], 25)], false);
    expect(many).toHaveLength(MAX_ANNOTATIONS);
    expect(many.every((a) => a.level === 'warning')).toBe(true);
    expect(many.at(-1)?.message).toBe('18 more pods were skipped: see the job summary or result-file.');
    const fit = warnings([env(undefined, MAX_ANNOTATIONS)], false);
    expect(fit).toHaveLength(MAX_ANNOTATIONS);
    expect(fit.at(-1)?.message).toMatch(/^Skipped pod/);
  });

  it('names the environment of an empty named namespace, and up to three environments in a heading', () => {
    expect(messages(warnings([env(['shop'], 0)], true))).toEqual([
      "Environment prod: namespace 'shop' has no pods (or does not exist).",
    ]);
    const names = ['a', 'b', 'c', 'd'];
    const targets = names.map((name) => env([], 0, [], name).target);
    expect(names.map((_, i) => environmentsText(targets.slice(0, i + 1)))).toEqual([
      'a',
      'a and b',
      'a, b, c',
      'a, b and 2 more',
    ]);
  });
});

describe('report-k8s-env run', () => {
  it('any failure after the pods were read keeps what was read and the warnings about it', async () => {
    const sandbox = await start();
    // A refusal of the payload by the client's own check: a bug of the mapping, which no real answer produces.
    const refuse = vi
      .spyOn(ComplianceClient.prototype, 'reportK8sEnvironment')
      .mockRejectedValue(new InputError('body', 'artifacts[0].digests is not valid'));
    try {
      const step = await settle(action, await inputs(sandbox.url, podsFile()));
      expect(step.outcome).toBe('error');
      expect(step.payload).toBeUndefined();
      expect(step.result).toMatchObject({ pods: 6, reported: 4, error: { kind: 'input' } });
      expect(step.annotations?.map((a) => a.message)).toEqual([
        "Skipped pod shop/new-1: container 'app' has no imageID yet (image still being pulled?)",
      ]);
      expect(step.summary?.toString()).not.toContain('The report that was not delivered');
    } finally {
      refuse.mockRestore();
    }
  });
});
