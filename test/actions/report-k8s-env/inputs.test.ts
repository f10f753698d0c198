/** report-k8s-env's inputs, read in-process: the pod source, the namespace filter, and each refusal. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describe as describeInputs, readInputs } from '../../../src/actions/report-k8s-env/inputs.js';
import type { Env } from '../../../src/context/inputs.js';
import { InputError } from '../../../src/errors/errors.js';
import type { NamespaceFilter } from '../../../src/k8s/pods.js';
import { useTempDirs } from '../../helpers/git.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';
import { rejection } from '../../helpers/rejection.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';

const read = (extra: Record<string, string> = {}, more: Env = {}) =>
  readInputs(readerOf({ ...CONNECTION, environment: 'staging', ...extra }, more), '/work');

describe('report-k8s-env inputs', () => {
  // A pods file relative to the workspace: the result file's source in steps.test.ts.
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

  // Each refusal names the input, what is wrong and the expected form.
  it.each<[Record<string, string>, string]>([
    [
      { namespaces: 'shop\nShop' },
      "Invalid input 'namespaces': ('Shop') is not valid. Expected namespace names (lowercase letters, digits and -, at most 63 characters)",
    ],
    [
      { 'exclude-namespaces': 'kube system' },
      "Invalid input 'exclude-namespaces': ('kube system') is not valid",
    ],
    [{ namespaces: 'a'.repeat(64) }, "Invalid input 'namespaces'"],
    // Include and exclude together, by name or by regex.
    [
      { namespaces: 'a', 'exclude-namespaces': 'b' },
      "Invalid input 'exclude-namespaces': cannot be combined with namespaces or namespaces-regex",
    ],
    [
      { 'namespaces-regex': 'a', 'exclude-namespaces-regex': 'b' },
      "Invalid input 'exclude-namespaces-regex': cannot be combined",
    ],
    // What only applies to a live read, with a pods file.
    [
      { 'pods-file': 'pods.json', kubeconfig: 'kc' },
      "Invalid input 'kubeconfig': only applies to a live read, not with pods-file",
    ],
    [
      { 'pods-file': 'pods.json', 'kube-context': 'prod' },
      "Invalid input 'kube-context': only applies to a live read",
    ],
    [{ environment: 'prod env' }, "Invalid input 'environment': 'prod env' is not valid"],
  ])('refuses %o', async (extra, message) => {
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

  describe('a config of many environments', () => {
    const { tempDir } = useTempDirs();
    /** The refusal of `config` in a config file, with `extra` inputs, and the file's path. */
    async function refusal(config: string, extra: Record<string, string> = {}) {
      const dir = tempDir('config-');
      writeFileSync(join(dir, 'envs.yaml'), config);
      const inputs = { environment: '', 'config-file': 'envs.yaml', ...extra };
      const { message } = await rejection(read(inputs, { GITHUB_WORKSPACE: dir }), InputError);
      return { message, path: join(dir, 'envs.yaml') };
    }

    // Each names the place and the form, and quotes nothing of the file: `hidden` is text of the file.
    it.each([
      [
        'YAML that does not parse',
        'environments:\n  - name: staging\n   namespaces: [a\n',
        /line 3, column 1: not valid YAML \(a closing bracket, quote or separator is missing\)/,
        'staging',
      ],
      [
        'an unknown key, with its line',
        'environments:\n  - name: staging\n    namespace: [shop]\n',
        /line 3, column 5: a key other than `name`, `namespaces`, `namespacesRegex`, `excludeNamespaces`, `excludeNamespacesRegex` \(a typo would select other namespaces\)/,
        '"namespace"',
      ],
      [
        'no environments',
        'environments: []\n',
        /line 1, column 15: `environments` must be a list of at least one environment/,
        '[]',
      ],
      [
        'a bad environment name',
        'environments:\n  - name: "st aging"\n',
        /line 2, column 11: `name` is not an environment name \(a name starting with a letter or digit/,
        'st aging',
      ],
      [
        'a name listed twice',
        'environments:\n  - name: a\n  - name: a\n',
        /line 3, column 11: the same `name` as the environment at line 2: each is listed once/,
        "'a'",
      ],
      [
        'a bad namespace name',
        'environments:\n  - name: a\n    namespaces: [Shop]\n',
        /line 3, column 18: an item of `namespaces` is not a namespace name/,
        'Shop',
      ],
      [
        'a regex RE2 cannot run',
        'environments:\n  - name: a\n    namespacesRegex: ["(?=x)"]\n',
        /line 3, column 23: an item of `namespacesRegex` is not a usable regular expression: lookahead is not supported/,
        '(?=',
      ],
      [
        'an empty pattern, which would match every namespace',
        'environments:\n  - name: a\n    excludeNamespacesRegex: [""]\n',
        /line 3, column 30: an item of `excludeNamespacesRegex` is empty or has spaces around it/,
        '""',
      ],
      [
        'a pattern with spaces around it',
        'environments:\n  - name: a\n    namespacesRegex: [" ^team-"]\n',
        /line 3, column 23: an item of `namespacesRegex` is empty or has spaces around it/,
        'team-',
      ],
      [
        'an alias, which would be misread',
        'environments:\n  - name: &s3cret a\n  - name: *s3cret\n',
        /line 3, column 11: aliases \(\*name\) and merge keys \(<<\) are not supported here/,
        's3cret',
      ],
      [
        'a merge key',
        'base: &m3rge {name: a}\nenvironments:\n  - <<: *m3rge\n',
        /line \d, column \d+: aliases \(\*name\) and merge keys \(<<\) are not supported here/,
        'm3rge',
      ],
      [
        'include and exclude together',
        'environments:\n  - name: a\n    namespaces: [shop]\n    excludeNamespaces: [batch]\n',
        /line 2, column 5: an environment both includes and excludes namespaces/,
        "'a'",
      ],
    ])('refuses a config with %s', async (_what, config, problem, hidden) => {
      const { message, path } = await refusal(config);
      expect(message).toMatch(/^Invalid input 'config-file': /);
      expect(message).toContain(path);
      expect(message).toMatch(problem);
      expect(message).toMatch(/Expected (YAML with a list `environments`|regular expressions in RE2 syntax)/);
      expect(message).not.toContain(hidden);
    });

    it.each([
      [
        { environment: 'staging' },
        "::error::Invalid input 'config-file': is given together with environment: with a config, each environment's name and namespaces are in it. Expected config-file alone, or environment with its namespace inputs.",
      ],
      [
        { 'exclude-namespaces': 'kube-system' },
        "Invalid input 'config-file': is given together with exclude-namespaces",
      ],
      [
        { 'config-file': '/proc/self/mem' },
        /::error::Invalid input 'config-file': \/proc\/self\/mem could not be read: /,
      ],
      [
        { 'config-file': 'nope.yaml' },
        /::error::Invalid input 'config-file': \S+nope\.yaml is not a readable file/,
      ],
    ])('refuses a config with %o', async (inputs, expected) => {
      const { message } = await refusal('environments:\n  - name: staging\n', inputs);
      expect(`::error::${message}`).toMatch(expected);
    });
  });
});
