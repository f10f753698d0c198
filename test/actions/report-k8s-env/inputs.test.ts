/** report-k8s-env's inputs, read in-process: the pod source, the namespace filter, and each refusal. */
import { describe, expect, it } from 'vitest';
import { describe as describeInputs, readInputs } from '../../../src/actions/report-k8s-env/inputs.js';
import { InputReader, type Env } from '../../../src/context/inputs.js';
import { InputError } from '../../../src/errors/errors.js';
import type { NamespaceFilter } from '../../../src/k8s/pods.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';

function read(extra: Record<string, string> = {}, more: Env = {}) {
  const given: Record<string, string> = {
    'api-url': 'https://compliance.example.test',
    'api-token': TEST_TOKEN,
    org: 'acme',
    environment: 'staging',
    ...extra,
  };
  return readInputs(
    new InputReader({
      ...Object.fromEntries(Object.entries(given).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
      ...more,
    }),
    '/work',
  );
}

describe('report-k8s-env inputs', () => {
  it('reads a pods file relative to the workspace', async () => {
    expect((await read({ 'pods-file': 'out/pods.json' })).source).toEqual({
      kind: 'file',
      path: '/work/out/pods.json',
    });
  });

  it('reads live through kubectl without the inputs or the service token in its environment', async () => {
    const inputs = await read(
      { kubeconfig: 'kc.yaml', 'kube-context': 'prod' },
      { COMPLIANCE_API_TOKEN: TEST_TOKEN, KUBECONFIG: '/k', HOME: '/home/runner' },
    );
    expect(inputs.source).toMatchObject({ kind: 'kubectl', kubeconfig: '/work/kc.yaml', context: 'prod' });
    const env = inputs.source.kind === 'kubectl' ? inputs.source.env : {};
    expect(env).toEqual({ KUBECONFIG: '/k', HOME: '/home/runner' });
  });

  it('reads namespace names one per line or comma-separated, and regexes one per line', async () => {
    const inputs = await read({
      namespaces: 'shop\nbatch, kube-system\nshop',
      'namespaces-regex': '^team-\n-prod$',
    });
    const filter = (i: { targets: { filter: NamespaceFilter }[] }) => i.targets[0]?.filter;
    expect(filter(inputs)?.include).toEqual(['shop', 'batch', 'kube-system']);
    expect(filter(inputs)?.includeRegex?.map((re) => re.source)).toEqual(['^team-', '-prod$']);
    expect(filter(await read({ 'exclude-namespaces': 'kube-system' }))?.exclude).toEqual(['kube-system']);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'a namespace name with capitals',
      { namespaces: 'shop\nShop' },
      "Invalid input 'namespaces': ('Shop') is not valid. Expected namespace names (lowercase letters, digits and -, at most 63 characters)",
    ],
    [
      'an excluded namespace name with a space',
      { 'exclude-namespaces': 'kube system' },
      "Invalid input 'exclude-namespaces': ('kube system') is not valid",
    ],
    ['a namespace name too long', { namespaces: 'a'.repeat(64) }, "Invalid input 'namespaces'"],
    [
      'include and exclude together',
      { namespaces: 'a', 'exclude-namespaces': 'b' },
      "Invalid input 'exclude-namespaces': cannot be combined with namespaces or namespaces-regex",
    ],
    [
      'an include regex and an exclude regex together',
      { 'namespaces-regex': 'a', 'exclude-namespaces-regex': 'b' },
      "Invalid input 'exclude-namespaces-regex': cannot be combined",
    ],
    [
      'kubeconfig with a pods file',
      { 'pods-file': 'pods.json', kubeconfig: 'kc' },
      "Invalid input 'kubeconfig': only applies to a live read, not with pods-file",
    ],
    [
      'kube-context with a pods file',
      { 'pods-file': 'pods.json', 'kube-context': 'prod' },
      "Invalid input 'kube-context': only applies to a live read",
    ],
    [
      'a bad environment name',
      { environment: 'prod env' },
      "Invalid input 'environment': 'prod env' is not valid",
    ],
  ])('refuses %s', async (_label, extra, message) => {
    await expect(read(extra)).rejects.toThrow(InputError);
    await expect(read(extra)).rejects.toThrow(message);
  });

  it('describes the inputs for the result file of a failed step, without kubectl’s environment', async () => {
    const live = await read({ 'kube-context': 'prod', 'namespaces-regex': '^team-' }, { SECRET_THING: 'x' });
    expect(describeInputs(live)).toEqual({
      dryRun: false,
      environment: 'staging',
      source: 'kubectl --context prod',
      namespaces: { includeRegex: ['^team-'] },
    });
    expect(
      describeInputs(await read({ 'pods-file': 'p.json', 'exclude-namespaces': 'kube-system' })),
    ).toEqual({
      dryRun: false,
      environment: 'staging',
      source: '/work/p.json',
      namespaces: { exclude: ['kube-system'] },
    });
  });
});
