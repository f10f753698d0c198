/**
 * What every sub-action reads besides its own inputs, in-process: the runner's context and the `summary` switch.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommon, readRunner } from '../../src/runtime/context.js';
import { useTempDirs } from '../helpers/git.js';
import { CONNECTION, printedBy, readerOf } from '../helpers/inputs.js';

const { tempDir } = useTempDirs();

describe('readRunner', () => {
  it("reads the runner's files and folders, and the event payload", () => {
    const dir = tempDir('runner-');
    const event = join(dir, 'event.json');
    writeFileSync(event, JSON.stringify({ pull_request: { number: 7 } }));
    const runner = readRunner(
      {
        RUNNER_TEMP: dir,
        GITHUB_STEP_SUMMARY: join(dir, 'summary'),
        GITHUB_WORKSPACE: 'ws',
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: 'acme/app',
      },
      '/checkout',
    );
    expect(runner).toMatchObject({
      temp: dir,
      summaryFile: join(dir, 'summary'),
      workspace: resolve('/checkout', 'ws'),
      event: { pull_request: { number: 7 } },
      github: { repository: 'acme/app', eventPath: event },
    });
  });

  it('outside a runner: the OS temp folder, no summary file, the current folder, an empty event', () => {
    expect(readRunner({ RUNNER_TEMP: ' ', GITHUB_STEP_SUMMARY: '' }, '/here')).toMatchObject({
      temp: tmpdir(),
      summaryFile: undefined,
      workspace: '/here',
      event: {},
    });
  });

  it('an event payload that cannot be read is an empty event, not a failed step', () => {
    const dir = tempDir('runner-');
    const broken = join(dir, 'event.json');
    writeFileSync(broken, '{not json');
    for (const path of [broken, join(dir, 'missing.json')]) {
      const read = printedBy(() => readRunner({ GITHUB_EVENT_PATH: path }, dir));
      expect(read.value?.event).toEqual({});
      expect(read.out).toBe(`::debug::could not read the event payload at ${path}\n`);
    }
  });
});

describe('readCommon', () => {
  const read = (inputs: Record<string, string>) => readCommon(readerOf({ ...CONNECTION, ...inputs }), '/ws');

  // summary: false, False and a switch that is no boolean, through the step: test/runtime/step.test.ts.
  it('writes a summary unless summary is false', () => {
    expect(read({}).summary).toBe(true);
    expect(read({ summary: '' }).summary).toBe(true);
    expect(read({ summary: 'FALSE' }).summary).toBe(false);
  });

  it('reads the connection first: a missing token is named even when the summary switch is bad too', () => {
    expect(() => read({ 'api-token': '', summary: 'maybe' })).toThrow(
      "Invalid input 'api-token': is required",
    );
  });

  it('carries the connection and the runner context', () => {
    const common = read({});
    expect(common.connection).toMatchObject({
      apiRoot: new URL(`${CONNECTION['api-url']}/api/v2`),
      org: 'acme',
    });
    expect(common.runner.workspace).toBe('/ws');
  });
});
