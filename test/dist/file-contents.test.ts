/**
 * A file's contents are never quoted. A step pointed at the wrong file (a password file as `config-file`,
 * `pods-file` or `user-data`, or a `.kosli_ignore` it did not expect) fails naming the file, the line and the column
 * and what was expected: the secret on the file's first line appears nowhere in the step's log, summary, outputs or
 * result file. Each step is started in-process as src/main.ts starts it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { outputFile, type RunResult } from '../helpers/runner.js';
import { connection } from '../helpers/sandbox.js';
import { json, startServer, type TestServer } from '../helpers/server.js';
import { COMPLIANT_COMMIT } from '@compliance-actions/sandbox/seeds/index';

const { tempDir } = useTempDirs();
const runAction = useInProcessAction();

/** Looks like a secret, and like nothing the step would write of its own. */
const SECRET = 'Xq7pL0mZ9w-s3cr3t-passphrase';

/** A workspace holding `files`, and a service that would record anything sent to it. */
async function withWorkspace<T>(
  files: Record<string, string>,
  run: (dir: string, server: TestServer) => Promise<T>,
): Promise<T> {
  const dir = tempDir('contents-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const server = await startServer((_req, res) => json(res, 500, {}));
  try {
    return await run(dir, server);
  } finally {
    await server.close();
  }
}

/** The step failed with one error naming `path`, and the secret is in none of what it wrote. */
function refusedWithoutSecret(result: RunResult, path: string): string {
  expect(result.code).toBe(1);
  const error = /::error::(.*)/.exec(result.stdout)?.[1] ?? '';
  expect(error).toContain(path);
  expect(outputFile(result, 'result-file')).toMatchObject({ error: {} });
  // The log, the summary, the outputs and every file left behind (the result file among them).
  expect(result.everything).not.toContain(SECRET);
  expect(result.everything).not.toContain('s3cr3t');
  return error;
}

describe('a file that is not what the input expects: named and placed, never quoted', () => {
  it.each([
    [
      'a password file of one line',
      `${SECRET}\n`,
      /line 1, column 1: the document is not a map with `environments`/,
    ],
    ['a key: value file', `${SECRET}: yes\nuser: ci\n`, /line 1, column 1: a key other than `environments`/],
    [
      'YAML the parser refuses, whose own message quotes it (Block scalar header includes extra characters: …)',
      `token: |${SECRET}\n  more\n`,
      /line 1, column 9: not valid YAML \(unexpected text\)/,
    ],
    [
      'an unterminated quote',
      `"${SECRET}\n`,
      /line 2, column 1: not valid YAML \(a closing bracket, quote or separator is missing\)/,
    ],
    [
      'a config whose regex is the secret',
      `environments:\n  - name: a\n    namespacesRegex: ["${SECRET}(?=x)"]\n`,
      /line 3, column 23: an item of `namespacesRegex` is not a usable regular expression: lookahead is not supported/,
    ],
    [
      'a config whose namespace is the secret',
      `environments:\n  - name: a\n    namespaces:\n      - ${SECRET}\n`,
      /line 4, column 9: an item of `namespaces` is not a namespace name/,
    ],
  ])('config-file: %s', async (_what, text, problem) => {
    await withWorkspace({ 'secrets/token.txt': text }, async (dir, server) => {
      const result = await runAction('report-k8s-env', {
        cwd: dir,
        inputs: {
          ...connection(server.origin),
          'config-file': 'secrets/token.txt',
          'pods-file': 'pods.json',
        },
      });
      const error = refusedWithoutSecret(result, join(dir, 'secrets/token.txt'));
      expect(error).toMatch(/^Invalid input 'config-file': /);
      expect(error).toMatch(problem);
      expect(error).toMatch(
        /\. Expected (YAML with a list `environments`|regular expressions in RE2 syntax)/,
      );
      expect(server.requests).toHaveLength(0);
    });
  });

  it('user-data: a file that is not JSON, with the line and column where it stops being JSON', async () => {
    await withWorkspace(
      { 'data.json': `{\n  "build": 1,\n  "token": ${SECRET}\n}\n` },
      async (dir, server) => {
        const result = await runAction('report-artifact', {
          cwd: dir,
          inputs: {
            ...connection(server.origin),
            flow: 'backend',
            fingerprint: 'f'.repeat(64),
            name: 'app.bin',
            'user-data': '@data.json',
          },
          github: { GITHUB_SHA: COMPLIANT_COMMIT },
        });
        const error = refusedWithoutSecret(result, join(dir, 'data.json'));
        // V8 gives no position for an unexpected token: the step finds it (the secret's first character).
        expect(error).toBe(
          `Invalid input 'user-data': the file ${join(dir, 'data.json')}: it is not valid JSON (line 3, column 12). Expected JSON text, or @path to a JSON file.`,
        );
        expect(server.requests).toHaveLength(0);
      },
    );
  });

  it('pods-file: a pod list with a broken element, placed in the whole file', async () => {
    const pods = `{\n  "kind": "List",\n  "items": [\n    {"metadata": {"name": "a"}},\n    {"metadata": ${SECRET}}\n  ]\n}\n`;
    await withWorkspace({ 'pods.json': pods, 'password.txt': `${SECRET}\n` }, async (dir, server) => {
      const run = (file: string) =>
        runAction('report-k8s-env', {
          cwd: dir,
          inputs: { ...connection(server.origin), environment: 'staging', 'pods-file': file },
        });
      const broken = refusedWithoutSecret(await run('pods.json'), join(dir, 'pods.json'));
      expect(broken).toContain(
        `pods-file: ${join(dir, 'pods.json')} is not the JSON of a pod list: line 5, column 18: an element of "items" is not valid JSON.`,
      );
      const password = refusedWithoutSecret(await run('password.txt'), join(dir, 'password.txt'));
      expect(password).toContain('is not the JSON of a pod list: no "items" list');
      expect(server.requests).toHaveLength(0);
    });
  });

  it('.kosli_ignore: a line that is not a glob, named by its line and column', async () => {
    await withWorkspace(
      { 'site/index.html': '<p>hi</p>', 'site/.kosli_ignore': `# ignore\nlogs\n   [z-a]${SECRET}\n` },
      async (dir, server) => {
        const result = await runAction('get-artifact', {
          cwd: dir,
          inputs: { ...connection(server.origin), flow: 'release', artifact: 'site', 'artifact-type': 'dir' },
        });
        const error = refusedWithoutSecret(result, join(dir, 'site', '.kosli_ignore'));
        expect(error).toContain(
          `${join(dir, 'site', '.kosli_ignore')}: line 3, column 4: not a glob (a range whose end comes before its start). Each line of it is a glob under the folder`,
        );
        expect(server.requests).toHaveLength(0);
      },
    );
  });
});
