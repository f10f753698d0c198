/**
 * A matrix output cut to what GitHub takes, in-process: diff-envs' promotions over GitHub's 256 jobs of one matrix or
 * over 64 KiB say in the summary and a warning how many they leave out. A list output taken through `env:` by a later
 * step, through the bundle: test/dist/list-output-cap.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { serveArriving } from '../helpers/arriving.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

const runAction = useInProcessAction();
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
    'diff-envs, %i promotions: the summary heading and a warning say how many the matrix leaves out',
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
        expect(result.summary).toContain(`#### Promotions (${count}, ${left} left out of the matrix)`);
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
