/**
 * List outputs fit where users put them: a later step takes a list through `env:`, as every action.yml
 * says to, and Linux refuses one variable over 128 KiB (E2BIG). Through the bundle, in a workflow run by the runner
 * emulation: diff-envs with 2,000 arriving artifacts (240 KB of JSON uncapped) on a loopback server. The helper that
 * caps is tested in-process in test/runtime/output.test.ts; a matrix cut to what GitHub takes, and every action's list
 * outputs documented with their cap, in test/actions/list-output-cap.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionFile, readActionYml } from '@compliance-actions/runner/emulator';
import { runWorkflow } from '@compliance-actions/runner/workflow';
import { serveArriving } from '../helpers/arriving.js';
import { useTempDirs } from '../helpers/git.js';
import { cleanedAfterEach } from '../helpers/server.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

const CAP = 64 * 1024;
const ARRIVING = 2000;

/** A promotion review, then a script that takes the list through env: and keeps what it received. */
const WORKFLOW = `name: promote
on: push
jobs:
  review:
    runs-on: ubuntu-24.04
    steps:
      - id: diff
        uses: ./actions/diff-envs
        with:
          api-url: \${{ vars.API_URL }}
          api-token: \${{ secrets.TOKEN }}
          org: acme
          snapshot-1: prod
          snapshot-2: staging
      - id: read
        env:
          NON_COMPLIANT: \${{ steps.diff.outputs.non-compliant }}
          RESULT_FILE: \${{ steps.diff.outputs.result-file }}
          KEEP: \${{ vars.KEEP }}
        run: |
          printf '%s' "$NON_COMPLIANT" > "$KEEP/received.json"
          cp "$RESULT_FILE" "$KEEP/result.json"
`;

interface Listed {
  name: string;
  fingerprint: string;
  state: string;
}

describe('list outputs', () => {
  const { tempDir } = useTempDirs();
  const later = cleanedAfterEach();

  it('diff-envs with 2,000 arriving artifacts: a later step takes non-compliant through env:, capped, with the flag and the full list in result-file', async () => {
    // Every artifact arrives; each lookup answers NON-COMPLIANT, the 1,800 over 200 are NOT-CHECKED.
    const keep = tempDir('list-output-cap-');
    const server = await serveArriving({ count: ARRIVING });
    later(() => server.close());
    const run = await runWorkflow({
      file: 'promote.yml',
      content: WORKFLOW,
      github: { GITHUB_SHA: 'a'.repeat(40) },
      vars: { API_URL: server.origin, KEEP: keep },
      secrets: { TOKEN: TEST_TOKEN },
    });
    expect(run.problems).toEqual([]);
    const [diff, read] = run.steps;
    // Uncapped, the variable is 240 KB and the script never starts: spawn E2BIG.
    expect(read?.outcome, read?.log).toBe('success');
    expect(diff?.outcome, diff?.log).toBe('success');
    const outputs = diff?.outputs ?? {};
    expect(Object.keys(readActionYml(actionFile('diff-envs')).outputs ?? {})).toEqual(
      expect.arrayContaining(Object.keys(outputs)),
    );

    const received = readFileSync(join(keep, 'received.json'), 'utf8');
    expect(received).toBe(outputs['non-compliant']);
    expect(Buffer.byteLength(received)).toBeLessThanOrEqual(CAP);
    const listed = JSON.parse(received) as Listed[];
    expect(outputs['non-compliant-truncated']).toBe('true');
    expect(outputs.outcome).toBe('different');

    const saved = JSON.parse(readFileSync(join(keep, 'result.json'), 'utf8')) as {
      outputLists: { 'non-compliant': Listed[] };
    };
    const all = saved.outputLists['non-compliant'];
    expect(all).toHaveLength(ARRIVING);
    expect(all.slice(0, 200).every((i) => i.state === 'NON-COMPLIANT')).toBe(true);
    expect(all.slice(200).every((i) => i.state === 'NOT-CHECKED')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(all))).toBeGreaterThan(2 * CAP);
    // Whole items, the first ones, as many as fit.
    expect(listed.length).toBeGreaterThan(400);
    expect(listed).toEqual(all.slice(0, listed.length));
    expect(Buffer.byteLength(JSON.stringify(all.slice(0, listed.length + 1)))).toBeGreaterThan(CAP);
    expect(diff?.log).toContain(
      `Output non-compliant holds the first ${listed.length} of ${ARRIVING} items (64 KiB at most, ` +
        'non-compliant-truncated is true); the full list is in result-file, under outputLists.',
    );
  });
});
