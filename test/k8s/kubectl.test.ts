import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, SourceError } from '../../src/errors/errors.js';
import { kubectlArgs, readPodsWithKubectl, type KubectlOptions } from '../../src/k8s/kubectl.js';
import { mapPodsFor } from '../../src/k8s/pods.js';
import { PodStreamError } from '../../src/k8s/stream.js';
import { pod } from '../helpers/pods.js';
import { rejection } from '../helpers/rejection.js';
import { useKubeApi, type Kubeconfig } from '../helpers/kube-api.js';

const KUBECTL = '/usr/bin/kubectl';
const { cluster, kubeconfig } = useKubeApi();

/** Options for the real kubectl: its own HOME (discovery cache) per test, short timeouts. */
function optionsFor(kc: Kubeconfig, more: Partial<KubectlOptions> = {}): KubectlOptions {
  return {
    kubectl: KUBECTL,
    kubeconfig: kc.path,
    env: { PATH: '/usr/bin:/bin', HOME: kc.dir },
    requestTimeout: '5s',
    ...more,
  };
}

async function readAll(options: KubectlOptions): Promise<unknown[]> {
  const pods: unknown[] = [];
  for await (const p of readPodsWithKubectl(options)) pods.push(p);
  return pods;
}

const failure = (options: KubectlOptions) => rejection(readAll(options), SourceError);

const names = (pods: unknown[]) =>
  pods.map((p) => {
    const m = (p as { metadata: { namespace: string; name: string } }).metadata;
    return `${m.namespace}/${m.name}`;
  });

/** A stand-in for kubectl: a shell script in the kubeconfig's temporary directory. */
async function fakeKubectl(kc: Kubeconfig, script: string): Promise<string> {
  const path = join(kc.dir, 'fake-kubectl');
  await writeFile(path, `#!/bin/sh\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

/** Whether `pid` is a live process (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

describe('kubectlArgs', () => {
  it('reads all namespaces or one, with kubeconfig, context and timeout as --flag=value', () => {
    expect(kubectlArgs({}).join(' ')).toBe('get pods --output=json --all-namespaces');
    const options = { kubeconfig: '/k/config', context: '-ctx', requestTimeout: '5s', namespaces: ['x'] };
    expect(kubectlArgs(options, 'prod').join(' ')).toBe(
      'get pods --output=json --namespace=prod --kubeconfig=/k/config --context=-ctx --request-timeout=5s',
    );
  });

  it('refuses what is not a namespace name, and an empty list, before running anything', async () => {
    expect(() => kubectlArgs({}, '--all-namespaces')).toThrow(InputError);
    expect(() => kubectlArgs({}, 'Prod')).toThrow("'Prod' is not a namespace name");
    // Not the missing binary: no call was made.
    await rejection(readAll({ kubectl: '/nonexistent/kubectl', namespaces: ['ok', 'no way'] }), InputError);
    await expect(readAll({ kubectl: '/nonexistent/kubectl', namespaces: [] })).rejects.toThrow(InputError);
  });
});

describe('readPodsWithKubectl against a fake API server (the real kubectl)', () => {
  // One cluster-wide list for all namespaces, and the pods it maps (counted, skipped, left out): report-k8s-env's
  // steps with the real kubectl (test/actions/report-k8s-env/steps.test.ts).
  it('reads the given namespaces, each once', async () => {
    const api = await cluster([
      pod('a', { ns: 'prod' }),
      pod('b', { ns: 'dev' }),
      pod('c', { ns: 'kube-system' }),
      pod('d', { ns: 'prod' }),
    ]);
    const kc = await kubeconfig({ fake: api.origin });
    const pods = await readAll(optionsFor(kc, { namespaces: ['dev', 'prod', 'dev', 'empty'] }));
    expect(names(pods).sort()).toEqual(['dev/b', 'prod/a', 'prod/d']);
    expect(api.namespacesAsked()).toEqual(['dev', 'empty', 'prod']);
  });

  it('gets a list of more than 500 pods whole, in the chunks kubectl asks for', async () => {
    const pods = Array.from({ length: 1234 }, (_, i) => pod(`p${i}`, { ns: `ns-${i % 7}` }));
    const api = await cluster(pods);
    const kc = await kubeconfig({ fake: api.origin });
    expect(names(await readAll(optionsFor(kc)))).toEqual(names(pods));
    expect(api.podRequests()).toEqual([
      { namespace: undefined, limit: '500', continue: null },
      { namespace: undefined, limit: '500', continue: '500' },
      { namespace: undefined, limit: '500', continue: '1000' },
    ]);
  });

  it('uses the kube-context given, and names kube-context when it does not exist', async () => {
    const first = await cluster([pod('a', { ns: 'prod' })]);
    const second = await cluster([pod('z', { ns: 'other' })]);
    const kc = await kubeconfig({ first: first.origin, second: second.origin });
    expect(names(await readAll(optionsFor(kc, { context: 'second' })))).toEqual(['other/z']);
    expect(names(await readAll(optionsFor(kc)))).toEqual(['prod/a']); // the current context otherwise

    const error = await failure(optionsFor(kc, { context: 'third' }));
    expect(error.message).toMatch(/^kubectl: exited with code 1: .*context was not found.*third/);
    expect(error.hint).toMatch(/kube-context/);
    expect(first.podRequests()).toHaveLength(1);
    expect(second.podRequests()).toHaveLength(1);
  });

  it('fails on 403 Forbidden with an RBAC hint, though kubectl prints an empty list', async () => {
    const api = await cluster([pod('a', { ns: 'prod' })], 403);
    const kc = await kubeconfig({ fake: api.origin });
    const all = await failure(optionsFor(kc));
    expect(all.message).toMatch(/exited with code 1: Error from server \(Forbidden\).*at the cluster scope/);
    expect(all.hint).toMatch(/RBAC.*get and list on pods/);

    const error = await rejection(
      mapPodsFor(readPodsWithKubectl(optionsFor(kc, { namespaces: ['prod'] })), [{}]),
      SourceError,
    );
    expect(error.message).toMatch(/\(namespace prod\).*forbidden.*namespace "prod"/);
  });

  it('fails when the API server cannot be reached, pointing at kubeconfig and the network', async () => {
    const api = await cluster();
    const kc = await kubeconfig({ fake: api.origin });
    await api.close();
    const error = await failure(optionsFor(kc));
    expect(error.message).toMatch(`The connection to the server 127.0.0.1:${api.port} was refused`);
    expect(error.hint).toMatch(/kubeconfig.*reach the cluster/);
  });

  it('says kubectl is missing, and what to do instead', async () => {
    const error = await failure({ kubectl: '/nonexistent/kubectl' });
    expect(error.message).toMatch(/'\/nonexistent\/kubectl' was not found/);
    expect(error.hint).toMatch(/Install kubectl.*pods-file/);
    const onPath = await failure({ env: { PATH: '/nonexistent' } });
    expect(onPath.message).toMatch(/'kubectl' was not found on PATH/);
  });

  it('stops kubectl when the consumer stops early', async () => {
    const api = await cluster(Array.from({ length: 3000 }, (_, i) => pod(`p${i}`, { ns: 'prod' })));
    const kc = await kubeconfig({ fake: api.origin });
    const pidFile = join(kc.dir, 'pid');
    // exec keeps the pid: this is the real kubectl, blocked on a full pipe once we stop reading.
    const wrapper = await fakeKubectl(kc, `echo $$ > ${pidFile}\nexec ${KUBECTL} "$@"`);
    let read = 0;
    for await (const _ of readPodsWithKubectl(optionsFor(kc, { kubectl: wrapper }))) if (++read === 2) break;
    expect(read).toBe(2);
    expect(isRunning(Number(await readFile(pidFile, 'utf8')))).toBe(false);
  });
});

describe('readPodsWithKubectl when kubectl misbehaves (a stand-in script)', () => {
  const item = '{"metadata":{"name":"p","namespace":"n"}}';

  it('kills a kubectl that would otherwise linger after the consumer stopped', async () => {
    const kc = await kubeconfig({});
    const pidFile = join(kc.dir, 'pid');
    // The stand-in says which signal ended it: SIGTERM is enough, no SIGKILL after the grace period is needed. (Not
    // timed: on a busy machine a time says nothing; a stand-in never stopped would hang the test into its timeout.)
    const kubectl = await fakeKubectl(
      kc,
      [
        `echo $$ > ${pidFile}`,
        `trap 'echo TERM > ${kc.dir}/signal; kill $! 2>/dev/null; exit 143' TERM`,
        `printf '{"items":[${item},${item},'`,
        'sleep 30 >/dev/null 2>&1 & wait',
      ].join('\n'),
    );
    for await (const _ of readPodsWithKubectl({ kubectl })) break;
    expect(isRunning(Number(await readFile(pidFile, 'utf8')))).toBe(false);
    expect((await readFile(join(kc.dir, 'signal'), 'utf8')).trim()).toBe('TERM');
  });

  it('reads four namespaces at once: each stand-in waits until four have started', async () => {
    const kc = await kubeconfig({});
    // Read one at a time, the first would wait for the others in vain and fail.
    const kubectl = await fakeKubectl(
      kc,
      [
        'ns=$(echo "$@" | sed -n "s/.*--namespace=\\([a-z0-9-]*\\).*/\\1/p")',
        `touch ${kc.dir}/started.$ns`,
        'i=0',
        `while [ $(ls ${kc.dir}/started.* | wc -l) -lt 4 ]; do i=$((i+1)); [ $i -gt 100 ] && exit 3; sleep 0.05; done`,
        `printf '{"items":[{"metadata":{"name":"p","namespace":"%s"}}]}' "$ns"`,
      ].join('\n'),
    );
    const pods = await readAll({ kubectl, namespaces: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(names(pods).sort()).toEqual(['a/p', 'b/p', 'c/p', 'd/p', 'e/p', 'f/p']);
  });

  it('stops the other namespaces when one fails, leaving no kubectl behind', async () => {
    const kc = await kubeconfig({});
    const kubectl = await fakeKubectl(
      kc,
      [
        'case "$*" in',
        // The failing namespace fails only once the other two are running, however slowly a busy machine starts
        // them (after the failure there would be nothing left to stop).
        '  *--namespace=bad*)',
        `    i=0; while [ "$(cat ${kc.dir}/pids 2>/dev/null | wc -l)" -lt 2 ]; do i=$((i+1)); [ $i -gt 600 ] && exit 3; sleep 0.05; done`,
        `    echo 'Error from server (Forbidden): pods is forbidden' >&2; exit 1 ;;`,
        `  *) echo $$ >> ${kc.dir}/pids; exec sleep 30 ;;`,
        'esac',
      ].join('\n'),
    );
    const error = await failure({ kubectl, namespaces: ['slow-1', 'slow-2', 'bad'] });
    expect(error.message).toContain('(namespace bad)');
    const pids = (await readFile(join(kc.dir, 'pids'), 'utf8')).trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    // Stopped, not waited for: a stand-in left running would hold the read for 30 s, past the test's timeout.
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('reports a kubectl that dies in the middle of its output, not a shorter list', async () => {
    const kc = await kubeconfig({});
    const kubectl = await fakeKubectl(
      kc,
      `printf '{"items":[${item},{"metadata":'\necho 'out of memory' >&2\nkill -9 $$`,
    );
    const seen: unknown[] = [];
    const error = await rejection(
      (async () => {
        for await (const p of readPodsWithKubectl({ kubectl })) seen.push(p);
      })(),
      SourceError,
    );
    expect(seen).toHaveLength(1);
    expect(error.message).toBe('kubectl: was killed by SIGKILL before finishing its output: out of memory.');
    expect(error.cause).toBeInstanceOf(PodStreamError);
  });

  it('reports output that is not a complete pod list even when the exit code is 0', async () => {
    const kc = await kubeconfig({});
    const kubectl = await fakeKubectl(kc, `printf '{"items":[${item},'`);
    const error = await failure({ kubectl, namespaces: ['prod'] });
    expect(error.message).toMatch(
      /^kubectl: exited with code 0 but its output \(namespace prod\) is not a complete pod list: the JSON ends in the middle/,
    );
  });

  it('keeps only the end of a long stderr', async () => {
    const kc = await kubeconfig({});
    const kubectl = await fakeKubectl(
      kc,
      `i=0; while [ $i -lt 400 ]; do echo "noise line $i ........................................" >&2; i=$((i+1)); done\necho 'the real reason' >&2\nexit 3`,
    );
    const error = await failure({ kubectl });
    expect(error.message).toMatch(/^kubectl: exited with code 3: …noise line \d+ \.+\n/);
    expect(error.message).toMatch(/the real reason\.$/);
    expect(error.message).not.toMatch('noise line 0 ');
    expect(error.message.length).toBeLessThan(8 * 1024 + 100);
  });
});
