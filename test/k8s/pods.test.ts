import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { compilePattern } from '../../src/context/re2.js';
import { mapPod, mapPodsFor, namespaceMatcher } from '../../src/k8s/pods.js';
import { streamItems } from '../../src/k8s/stream.js';
import { D1, D2, pod } from '../helpers/pods.js';

describe('mapPod', () => {
  it('maps a running pod: image → last 64 of imageID, integer seconds, owners as they are', () => {
    const owners = [
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        name: 'web-1',
        uid: 'u',
        controller: true,
        blockOwnerDeletion: true,
      },
    ];
    expect(mapPod(pod('web-1', { owners }))).toEqual({
      kind: 'report',
      entry: {
        podName: 'web-1',
        namespace: 'default',
        digests: { 'nginx:1.27': D1 },
        creationTimestamp: 1793527200,
        owners,
      },
    });
  });

  it('collapses two containers of one image and keeps sidecars', () => {
    const outcome = mapPod(
      pod('p', {
        statuses: [
          { name: 'a', image: 'nginx:1.27', imageID: `sha256:${D1}` },
          { name: 'b', image: 'nginx:1.27', imageID: `sha256:${D1}` },
          { name: 'c', image: 'envoy:1', imageID: `docker-pullable://envoy@sha256:${D2}` },
        ],
      }),
    );
    expect(outcome.kind === 'report' && outcome.entry.digests).toEqual({ 'nginx:1.27': D1, 'envoy:1': D2 });
  });

  it('leaves out Pending, Succeeded and Unknown pods, and reports Failed ones', () => {
    for (const phase of ['Pending', 'Succeeded', 'Unknown'])
      expect(mapPod(pod('p', { phase })).kind).toBe('left-out');
    expect(mapPod(pod('p', { phase: 'Failed' })).kind).toBe('report');
  });

  // A container without an imageID yet: test/actions/report-k8s-env/run.test.ts, which names the pod and the reason.
  it.each([
    [{ status: { phase: 'Running' } }, 'has no metadata.name or metadata.namespace'],
    [pod('p', { created: 'yesterday' }), 'has no valid metadata.creationTimestamp'],
    [pod('p', { statuses: [] }), 'is Running but has no containerStatuses'],
    [pod('p', { statuses: [{ name: 'x', imageID: `sha256:${D1}` }] }), "container 'x' has no image"],
  ])('skips, with a reason, a pod that cannot be mapped (%#)', (raw, reason) => {
    expect(mapPod(raw)).toMatchObject({ kind: 'skipped', skipped: { reason } });
  });
});

describe('namespace filters', () => {
  it('includes by names or unanchored regex, or excludes by them', () => {
    const inc = namespaceMatcher({ include: ['prod'], includeRegex: [compilePattern('^team-')] });
    expect(['prod', 'team-a', 'dev'].map(inc)).toEqual([true, true, false]);
    const exc = namespaceMatcher({ exclude: ['kube-system'], excludeRegex: [compilePattern('monitor')] });
    expect(['kube-system', 'x-monitoring', 'prod'].map(exc)).toEqual([false, false, true]);
    expect(namespaceMatcher({})('any')).toBe(true);
  });
});

describe('streaming a kubectl List', () => {
  const list = (items: unknown[]) =>
    JSON.stringify(
      { apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '', note: 'items [ } {' } },
      null,
      1,
    );
  /** Every item streamed from `chunks`, read to the end. */
  const readAll = async (chunks: (string | Buffer)[]) => {
    const items: unknown[] = [];
    for await (const item of streamItems(Readable.from(chunks))) items.push(item);
    return items;
  };

  it.each([1, 7, 64, 100_000])('reads every item whatever the chunk size (%i bytes)', async (size) => {
    const items = [pod('a'), pod('b "quoted" {brace}', { ns: 'ns-ü' }), pod('c', { phase: 'Pending' })];
    const text = Buffer.from(list(items));
    const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
      text.subarray(i * size, (i + 1) * size),
    );
    expect(await readAll(chunks)).toEqual(items);
  });

  it('maps a stream, counting left-out and skipped pods, filtered by namespace', async () => {
    const items = [
      pod('a'),
      pod('b', { ns: 'kube-system' }),
      pod('c', { phase: 'Succeeded' }),
      pod('d', { statuses: [{ name: 'x', image: 'i', imageID: '' }] }),
    ];
    const [report] = await mapPodsFor(streamItems(Readable.from([list(items)])), [
      { exclude: ['kube-system'] },
    ]);
    expect(report?.pods).toBe(3);
    expect(report?.leftOut).toBe(1);
    expect(report?.artifacts.map((a) => a.podName)).toEqual(['a']);
    expect(report?.skipped.map((s) => s.pod)).toEqual(['d']);
  });

  it('accepts a bare array and refuses what is not a pod list', async () => {
    const read = (text: string) => readAll([text]);
    expect(await read(JSON.stringify([pod('a')]))).toHaveLength(1);
    await expect(read('')).rejects.toThrow('the input is empty');
    await expect(read('{"kind": "Pod", "metadata": {}}')).rejects.toThrow('no "items" list');
    await expect(read('{"items": [{"a": 1}')).rejects.toThrow('the JSON ends in the middle');
    await expect(read('{"items": [1, 2]}')).rejects.toThrow('is not an object');
  });

  it('places what is wrong by line and column in the whole stream, across chunks, never quoting it', async () => {
    // The broken element is on line 4, its `x` in column 9; the first chunk ends inside the element before it.
    const broken = readAll(['{\n "items": [\n  {"a"', ': 1},\n  {"b": xs3cr3t}\n ]\n}\n']);
    await expect(broken).rejects.toThrow(/^line 4, column 9: an element of "items" is not valid JSON$/);
    await expect(readAll(['{"items": [', '1]}'])).rejects.toThrow(
      /^line 1, column 12: an element of "items" is not an object$/,
    );
    await expect(readAll(['{"items": []}\n\n  ]'])).rejects.toThrow(
      /^line 3, column 3: a closing bracket that closes nothing$/,
    );
  });
});
