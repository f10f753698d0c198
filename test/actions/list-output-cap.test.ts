/**
 * List outputs within what GitHub takes: every list output of every action documented with its 64 KiB cap, and
 * diff-envs' promotions over GitHub's 256 jobs of one matrix or over 64 KiB, run in-process, saying in the summary and
 * a warning how many they leave out. A list output taken through `env:` by a later step, through the bundle:
 * test/workflow-run/list-output-cap.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionFile, actionNames, readActionYml, ROOT } from '@compliance-actions/runner/emulator';
import { factsOf } from '@compliance-actions/runner/facts';
import { serveArriving } from '../helpers/arriving.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

const runAction = useInProcessAction();
const outputsOf = (action: string) => readActionYml(actionFile(action)).outputs ?? {};
/** A promotion review of every artifact, compliant or not, without reading each one's compliance. */
const REVIEW = {
  org: 'acme',
  'snapshot-1': 'prod',
  'snapshot-2': 'staging',
  compliance: 'false',
  'promotions-state': 'any',
};

describe('a matrix output cut to what GitHub takes', () => {
  it.each([
    // 300 short entries: GitHub's 256 jobs of one matrix cut first.
    [300, (n: number) => `registry.example.test/svc-${n}`, /GitHub makes at most 256 jobs of one matrix/],
    // 200 entries of 700 bytes: 64 KiB cuts first.
    [
      200,
      (n: number) => `registry.example.test/${'team/'.repeat(130)}svc-${n}`,
      /an output holds at most 64 KiB/,
    ],
  ])(
    'diff-envs, %i promotions: the summary, its rows and a warning say how many the matrix leaves out',
    async (count, name, limit) => {
      const server = await serveArriving({ count, name });
      try {
        const result = await runAction('diff-envs', {
          inputs: { ...REVIEW, 'api-url': server.origin, 'api-token': TEST_TOKEN },
        });
        expect(result.code, result.stdout).toBe(0);
        const kept = Number(result.outputs['promotions-count']);
        expect(result.outputs['promotions-truncated']).toBe('true');
        expect(kept).toBeGreaterThan(0);
        expect(kept).toBeLessThan(count);
        expect((JSON.parse(result.outputs.promotions ?? '') as { include: unknown[] }).include).toHaveLength(
          kept,
        );
        const left = count - kept;
        expect(result.summary).toContain(`Promotions: ${count} may move, ${left} left out of the matrix.`);
        // Each row says whether its service gets a job: the first that fit do, the rest do not.
        expect(result.summary.match(/ \| may move \| /g)).toHaveLength(kept);
        expect(result.summary.match(/ \| no job: the matrix is full \| /g)).toHaveLength(left);
        expect(result.summary).toMatch(
          new RegExp(
            `The promotions output holds the first ${kept} \\(${limit.source}\\): the last ${left} below get no job`,
          ),
        );
        const warning = new RegExp(
          `^::warning::${left} of ${count} entries of promotions are left out of the matrix and get no job: it holds ` +
            `the first ${kept} \\(${limit.source}\\); promotions-truncated is true`,
          'm',
        );
        expect(result.stdout).toMatch(warning);
      } finally {
        await server.close();
      }
    },
  );
});

describe('every list output of every action', () => {
  const lists = actionNames().flatMap((action) => {
    const all = outputsOf(action);
    return Object.entries(all).map(([name, { description = '' }]) => ({ action, name, description, all }));
  });

  it('is documented with its cap, its -truncated output and where the full list is', () => {
    const jsonLists = lists.filter((o) => /\bJSON list\b/.test(o.description));
    // Each action's facts name its list outputs (src/actions/<name>.facts.ts).
    const listed = actionNames().flatMap((action) =>
      factsOf(action).lists.map((name) => `${action} ${name}`),
    );
    expect(jsonLists.map((o) => `${o.action} ${o.name}`).sort()).toEqual(listed.sort());
    expect(listed).not.toEqual([]);
    for (const { action, name, description, all } of jsonLists) {
      const where = `${action} ${name}`;
      const key = /^[a-z]+$/.test(name) ? `outputLists.${name}` : `outputLists["${name}"]`;
      expect(description, where).toContain(
        `At most 64 KiB: the first items that fit, each whole; ${name}-truncated`,
      );
      expect(description, where).toContain(key);
      expect(all[`${name}-truncated`]?.description, where).toMatch(/^true when .* 64 KiB/);
    }
    // And no -truncated output without its list.
    for (const { action, name, all } of lists.filter((o) => o.name.endsWith('-truncated'))) {
      expect(all[name.replace(/-truncated$/, '')]?.description, `${action} ${name}`).toMatch(/\bJSON list\b/);
    }
  });

  it('has its cap in the docs, under Limits (docs/limits.md)', () => {
    const limits = readFileSync(join(ROOT, 'docs/limits.md'), 'utf8');
    expect(limits).toMatch(/^# Limits\n/);
    expect(limits).toMatch(/JSON list output .* at most 64 KiB/s);
    expect(limits).toContain('-truncated');
    expect(limits).toContain('outputLists');
  });
});
