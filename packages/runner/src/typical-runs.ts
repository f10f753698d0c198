/**
 * The typical run of each action, shared by the start benchmark (`npm run bench:start`) and the test of each
 * action's contract and of what it loads (test/dist/module-load.test.ts): its inputs from its facts (`typical` of
 * src/actions/<name>.facts.ts), the connection to the sandbox on loopback with the demo seed, and the workspace made
 * here: one commit, a small file (`build/app.bin`), a small pods file (`pods.json`) and a policy (`policy.yml`). Not part of the bundle.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BACKEND_150,
  DEMO_ORG,
  DEMO_TOKEN,
  REDIS_74,
  WEB_320,
} from '@compliance-actions/sandbox/seeds/index';
import { actionNames, type RunOptions } from './emulator.js';
import { factsOf } from './facts.js';

/** `kubectl get pods -o json` of a small cluster: what staging runs in the demo seed's latest snapshot. */
function podsDocument(): unknown {
  const pod = (name: string, image: string, digest: string) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      creationTimestamp: '2026-11-03T09:16:30Z',
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-rs`, uid: `${name}-uid` },
      ],
    },
    status: {
      phase: 'Running',
      containerStatuses: [
        { name: 'app', image, imageID: `docker-pullable://${image.split(':')[0] ?? image}@sha256:${digest}` },
      ],
    },
  });
  return {
    apiVersion: 'v1',
    kind: 'List',
    metadata: { resourceVersion: '' },
    items: [
      pod('backend-5b8a-klmno', 'ghcr.io/acme/backend:1.5.0', BACKEND_150),
      pod('backend-5b8a-pqrst', 'ghcr.io/acme/backend:1.5.0', BACKEND_150),
      pod('web-77c4-fghij', 'ghcr.io/acme/web:3.2.0', WEB_320),
      pod('redis-0', 'docker.io/library/redis:7.4', REDIS_74),
    ],
  };
}

/** A policy that reads each artifact's trails. */
const TYPICAL_POLICY =
  '_schema: https://kosli.com/schemas/policy/environment/v1\nartifacts:\n  trail-compliance:\n    required: true\n';

/**
 * Makes the workspace in `dir` (a git repository with one commit, a small build output, a pods file) and returns
 * each action's typical run against the service at `url`, by action name.
 */
export function typicalRuns(url: string, dir: string): Record<string, RunOptions> {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'Ann Example',
        GIT_AUTHOR_EMAIL: 'ann@example.test',
        GIT_COMMITTER_NAME: 'Ann Example',
        GIT_COMMITTER_EMAIL: 'ann@example.test',
        GIT_AUTHOR_DATE: '2026-11-01T10:00:00Z',
        GIT_COMMITTER_DATE: '2026-11-01T10:00:00Z',
      },
    }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'main.go'), 'package main\n\nfunc main() { println("payments 1.6.0") }\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Add payment retries');
  const sha = git('rev-parse', 'HEAD');
  mkdirSync(join(dir, 'build'), { recursive: true });
  writeFileSync(join(dir, 'build/app.bin'), 'payments 1.6.0\n'.repeat(256));
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(podsDocument()));
  writeFileSync(join(dir, 'policy.yml'), TYPICAL_POLICY);

  const connection = { 'api-url': url, 'api-token': DEMO_TOKEN, org: DEMO_ORG };
  return Object.fromEntries(
    actionNames().map((name) => [
      name,
      {
        cwd: dir,
        github: { GITHUB_SHA: sha },
        inputs: { ...connection, ...(factsOf(name).typical ?? factsOf(name).required) },
      },
    ]),
  );
}
