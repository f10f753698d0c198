/**
 * The sandbox's next env-diff answer, shaped as a test needs it whatever the profile: as the live service shapes it
 * (service-behaviour.md: the snapshot named in `snappish1` and `snappish2`, none in `changed` and `not-changed`), or
 * naming none at all (not confirmed). The artifacts are as the profile answers.
 */
import { expect } from 'vitest';
import type { Running } from './sandbox.js';

type Answer = Record<string, Record<string, unknown>>;

async function readDiff(running: Running, one: string, two: string, profile = running.sandbox.profile) {
  const path = `/env-diff/demo?snappish1=${encodeURIComponent(one)}&snappish2=${encodeURIComponent(two)}`;
  const was = running.sandbox.profile;
  running.sandbox.profile = profile;
  try {
    return (await (await running.fetch(path)).json()) as Answer;
  } finally {
    running.sandbox.profile = was;
  }
}

function answerNext(running: Running, answer: Answer): void {
  running.sandbox.faults.respondNext(1, { status: 200, body: answer, path: /^\/env-diff\// });
}

/**
 * The next diff of `one` and `two` as the live service shapes it. The minimal profile names no snapshot, and a gate
 * on that could not check (test/actions/diff-envs/steps.test.ts): the tests of what a gate decides take the ids from the full answer.
 */
export async function liveShaped(running: Running, one: string, two: string): Promise<void> {
  const named = await readDiff(running, one, two, 'full');
  const answer = await readDiff(running, one, two);
  for (const group of ['snappish1', 'snappish2']) {
    const id = named[group]?.snapshot_id;
    expect(id).toMatch(/#\d+$/);
    (answer[group] as Record<string, unknown>).snapshot_id = id;
  }
  for (const group of ['changed', 'not-changed']) delete answer[group]?.snapshot_id;
  answerNext(running, answer);
}

/** The next diff of `one` and `two` naming no snapshot in any group: not confirmed to be about them. */
export async function unconfirmedDiff(running: Running, one: string, two: string): Promise<void> {
  const answer = await readDiff(running, one, two);
  for (const group of Object.values(answer)) delete group.snapshot_id;
  answerNext(running, answer);
}
