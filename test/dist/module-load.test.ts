/**
 * Each action's typical run (the one the start benchmark times, packages/runner/src/typical-runs.ts) through the
 * shipped bundle as the runner runs it, with the load recorder (packages/runner/src/loads.ts), under both answer
 * profiles: its contract (it succeeds and leaves what the runner reads in the contract's shape), and what it loads,
 * with no timing. The chunks of dist/ are told apart by their content (MARKERS), not their ids. A bad input and the
 * service down, through the bundle: lifecycle.test.ts. What each action says and decides: test/actions/<name>.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import {
  DIST,
  kindsIn,
  MARKERS,
  recordLoads,
  schemaMarkers,
  schemasIn,
  type Kind,
  type Loaded,
} from '@compliance-actions/runner/loads';
import { readActionYml } from '@compliance-actions/runner/emulator';
import { factsOf } from '@compliance-actions/runner/facts';
import { typicalRuns } from '@compliance-actions/runner/typical-runs';
import { COMPLIANT_COMMIT } from '@compliance-actions/sandbox/seeds/index';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { actionFile, actionNames, outputFile } from '../helpers/runner.js';
import { DEMO_TOKEN, useSharedSandbox } from '../helpers/sandbox.js';
import { noLeak } from '../helpers/step-result.js';

const sandbox = useSharedSandbox();
const github = useFakeGitHub();

/** The actions that take an artifact (an `artifact` input): the only ones that may fingerprint. */
const TAKE_AN_ARTIFACT = actionNames().filter(
  (name) => 'artifact' in (readActionYml(actionFile(name)).inputs ?? {}),
);

const loaded = new Map<string, Loaded>();
let workspace = '';

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'module-load-'));
  const runs = typicalRuns(sandbox().url, workspace);
  for (const name of actionNames()) loaded.set(name, await recordLoads(name, runs[name]));
});

afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
});

const kindsOf = (name: string): Partial<Record<Kind, string[]>> => {
  const entry = loaded.get(name);
  if (!entry) throw new Error(`no record for ${name}`);
  return entry.kinds;
};

const loading = (kind: Kind) => actionNames().filter((name) => kindsOf(name)[kind] !== undefined);

it.each(actionNames())('%s keeps the contract', (name) => {
  const result = loaded.get(name)?.result;
  if (!result) throw new Error(`no record for ${name}`);
  expect(result.stderr).toBe('');
  expect(result.code, result.stdout).toBe(0);
  noLeak(result.everything);
  // Only outputs its action.yml declares; each list output JSON (a list, or a matrix's include).
  expect(Object.keys(readActionYml(actionFile(name)).outputs ?? {})).toEqual(
    expect.arrayContaining(Object.keys(result.outputs)),
  );
  for (const list of factsOf(name).lists)
    if (list in result.outputs) expect(JSON.parse(result.outputs[list] ?? '')).toBeTypeOf('object');
  if (name === 'setup') {
    // The connection, for the later steps of the job; no outcome, no result file, no summary.
    expect(result.exportedEnv).toMatchObject({ COMPLIANCE_API_TOKEN: DEMO_TOKEN, COMPLIANCE_ORG: 'demo' });
    expect([result.outputs, result.files, result.summary]).toEqual([{}, {}, '']);
  } else {
    // The result file, left under RUNNER_TEMP, holds the outcome the output says; the summary has its heading.
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: result.outputs.outcome });
    expect(result.summary).toMatch(/^### \S/m);
  }
});

describe('what each action loads', () => {
  it('every marker finds its code somewhere in dist/ (so an absence means something)', () => {
    const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const found = new Set(files.flatMap((f) => kindsIn(join(DIST, f))));
    expect([...found].sort()).toEqual((Object.keys(MARKERS) as Kind[]).sort());
  });

  it('every typical run loads its stub and the shared bundle first', () => {
    for (const name of actionNames()) {
      expect(loaded.get(name)?.files.slice(0, 2)).toEqual([
        join(DIST, name, 'index.js'),
        join(DIST, 'index.js'),
      ]);
    }
  });

  it('list-actions loads no Octokit, no fingerprint code, no Kubernetes code, no undici and no regex engine', () => {
    expect(kindsOf('list-actions')).toEqual({});
  });

  it('no typical run loads undici or the regex engine', () => {
    expect(loading('undici')).toEqual([]);
    expect(loading('re2')).toEqual([]);
  });

  it('the regex engine is loaded when a pattern is given, and undici when a proxy is set', async () => {
    const typical = typicalRuns(sandbox().url, mkdtempSync(join(workspace, 're2-')))['report-k8s-env'];
    const entry = await recordLoads('report-k8s-env', {
      ...typical,
      inputs: { ...typical?.inputs, 'namespaces-regex': '^sh' },
    });
    expect(entry.result.code, entry.result.stdout).toBe(0);
    expect(entry.kinds.re2).toBeDefined();
    expect(entry.kinds.undici).toBeUndefined();
    // A proxy that no_proxy skips for the service, addressed as 0.0.0.0 (loopback is always reached directly): the
    // step still succeeds, through undici's proxy agent.
    const typicalList = typicalRuns(sandbox().url, mkdtempSync(join(workspace, 'proxy-')))['list-actions'];
    const proxied = await recordLoads('list-actions', {
      ...typicalList,
      inputs: {
        ...typicalList?.inputs,
        'api-url': sandbox().url.replace('127.0.0.1', '0.0.0.0'),
        'allow-insecure-http': 'true',
      },
      env: { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '0.0.0.0' },
    });
    expect(proxied.result.code, proxied.result.stdout).toBe(0);
    expect(proxied.kinds.undici).toBeDefined();
  });

  it('only report-k8s-env loads Kubernetes code', () => {
    expect(loading('kubernetes')).toEqual(['report-k8s-env']);
  });

  it('only the actions that take an artifact load fingerprint code', () => {
    expect(loading('fingerprint').filter((name) => !TAKE_AN_ARTIFACT.includes(name))).toEqual([]);
    // report-artifact fingerprints its file, so the marker does find the code when it is loaded.
    expect(kindsOf('report-artifact').fingerprint).toBeDefined();
  });

  it('no typical run talks to GitHub, and none loads Octokit', () => {
    expect(loading('octokit')).toEqual([]);
  });

  it("every endpoint's schemas are in dist/, each in a chunk of its own (so loading one loads no other)", async () => {
    const markers = await schemaMarkers();
    const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const holding = files.map((f) => schemasIn(join(DIST, f), markers)).filter((names) => names.length > 0);
    expect(holding.every((names) => names.length === 1)).toBe(true);
    expect(holding.flat().sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('each action loads the schemas of the endpoints it calls (its facts), and no other', () => {
    for (const name of actionNames()) expect(loaded.get(name)?.schemas, name).toEqual(factsOf(name).calls);
  });

  it('the gate loads Octokit when it talks to GitHub (the commits of a pull request, and its comment)', async () => {
    const api = await github({ pulls: { 7: [{ sha: COMPLIANT_COMMIT, message: 'Add payment retries' }] } });
    const typical = typicalRuns(sandbox().url, mkdtempSync(join(workspace, 'pr-')))[
      'check-attestations-for-commit'
    ];
    const { commits: _commits, ...inputs } = typical?.inputs ?? {};
    const entry = await recordLoads('check-attestations-for-commit', {
      ...onPullRequest(api, COMPLIANT_COMMIT),
      inputs: { ...inputs, 'comment-on-pr': 'true' },
    });
    expect(entry.result.code, entry.result.stdout).toBe(0);
    expect(api.requestsTo('/repos/acme/app/pulls/7/commits')).not.toEqual([]);
    expect(entry.kinds.octokit).toBeDefined();
  });
});
