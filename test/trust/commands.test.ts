/**
 * src/trust/commands.ts writes the runner's protocol itself (@actions/core costs ~60 ms of every start).
 * Here it is held to @actions/core, the reference: for any text, the same bytes on stdout and in the command files
 * (the random delimiter aside).
 */
import * as core from '@actions/core';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportVariable, setOutput, setSecret } from '../../src/trust/commands.js';
import { log, safeLine } from '../../src/trust/log.js';
import { printedBy } from '../helpers/inputs.js';

let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'commands-'));
});

afterEach(() => {
  vi.unstubAllEnvs();
  process.exitCode = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** What `write` printed and appended to the command files, with the random delimiter made constant. */
function written(write: () => void): { stdout: string; output: string; env: string } {
  const files = { output: join(dir, 'output'), env: join(dir, 'env') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const { out: stdout, error } = printedBy(write);
  expect(error).toBeUndefined();
  const same = (text: string) => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_X');
  return {
    stdout,
    output: same(readFileSync(files.output, 'utf8')),
    env: same(readFileSync(files.env, 'utf8')),
  };
}

function withFiles(): void {
  vi.stubEnv('GITHUB_OUTPUT', join(dir, 'output'));
  vi.stubEnv('GITHUB_ENV', join(dir, 'env'));
}

// Line breaks, `%`, `:` and `,` are what the protocol escapes; any other text must pass as it is.
const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc
    .array(fc.constantFrom('a', '%', ':', ',', '\r', '\n', '::', '%0A', 'é', ' ', '='), { maxLength: 12 })
    .map((parts) => parts.join('')),
);
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,20}$/);
const annotation = fc.record(
  { title: text, file: text, startLine: fc.nat({ max: 5000 }) },
  { requiredKeys: [] },
);

describe('the runner protocol, as @actions/core writes it', () => {
  it('annotations and the log: the same line for any message, title, file and line', () => {
    fc.assert(
      fc.property(
        text,
        annotation,
        fc.constantFrom<'error' | 'warning' | 'notice'>('error', 'warning', 'notice'),
        (message, props, level) => {
          const ours = written(() => log[level](message, props));
          const safe = {
            ...props,
            ...(props.title !== undefined && { title: safeLine(props.title) }),
            ...(props.file !== undefined && { file: safeLine(props.file) }),
          };
          const reference = written(() => core[level](safeLine(message), safe));
          expect(ours).toEqual(reference);
        },
      ),
    );
    fc.assert(
      fc.property(text, (message) => {
        expect(written(() => log.info(message))).toEqual(written(() => core.info(safeLine(message))));
        expect(written(() => log.debug(message))).toEqual(written(() => core.debug(safeLine(message))));
        expect(written(() => log.startGroup(message))).toEqual(
          written(() => core.startGroup(safeLine(message))),
        );
        expect(written(() => log.endGroup())).toEqual(written(() => core.endGroup()));
      }),
    );
  });

  it('masks: the same add-mask line for any secret', () => {
    fc.assert(
      fc.property(text, (secret) => {
        expect(written(() => setSecret(secret))).toEqual(written(() => core.setSecret(secret)));
      }),
    );
  });

  it('outputs and variables: the same file entries, and the legacy commands without the files', () => {
    for (const files of [true, false]) {
      if (files) withFiles();
      else vi.unstubAllEnvs();
      if (!files) {
        vi.stubEnv('GITHUB_OUTPUT', '');
        vi.stubEnv('GITHUB_ENV', '');
      }
      fc.assert(
        fc.property(name, text, (key, value) => {
          expect(written(() => setOutput(key, value))).toEqual(written(() => core.setOutput(key, value)));
          const ours = written(() => exportVariable(key, value));
          expect(process.env[key]).toBe(value);
          Reflect.deleteProperty(process.env, key);
          const reference = written(() => core.exportVariable(key, value));
          expect(process.env[key]).toBe(value);
          Reflect.deleteProperty(process.env, key);
          expect(ours).toEqual(reference);
        }),
      );
    }
  });

  it('a missing command file is an error, as with @actions/core', () => {
    vi.stubEnv('GITHUB_OUTPUT', join(dir, 'gone'));
    expect(() => setOutput('a', 'b')).toThrow(/Missing file at path/);
    expect(() => core.setOutput('a', 'b')).toThrow(/Missing file at path/);
  });

  it('a failure: exit code 1 and the same error line', () => {
    const ours = written(() => log.fail('it broke\n::warning::no'));
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    const reference = written(() => core.setFailed(safeLine('it broke\n::warning::no')));
    expect(process.exitCode).toBe(1);
    expect(ours).toEqual(reference);
  });
});
