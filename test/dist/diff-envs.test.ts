/**
 * diff-envs through the shipped bundle, as the runner runs it: its contract, a comparison with its outputs, result
 * file, log and summary. A bad snapshot and the service down, through the bundle, are test/dist/lifecycle.test.ts
 * (every action); every branch of its logic, those included, is tested in-process: test/actions/diff-envs.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';
import { BACKEND_14, BACKEND_15, type Saved } from '../helpers/diff-envs.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

describe('diff-envs', () => {
  it('compares two snapshots: outputs, result file, log and summary', async () => {
    const sandbox = await start();
    const result = await runAction('diff-envs', {
      inputs: { ...connection(sandbox.url), 'snapshot-1': 'staging~1', 'snapshot-2': 'staging' },
    });
    // A minimal answer names no snapshot: the step goes on (no gate), says so, and names them as asked.
    const [one, two] = byProfile(['staging#1', 'staging#2'], ['staging~1', 'staging']);
    const notConfirmed =
      'Not confirmed: the answer names no snapshot for snappish1 and snappish2, so it cannot be shown to be about ' +
      'staging~1 and staging as asked.';
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      outcome: 'different',
      changed: 'true',
      'only-in-1': '1',
      'only-in-2': '1',
      scaled: '1',
      unchanged: '1',
      'snapshot-1-id': byProfile('staging#1', ''),
      'snapshot-2-id': byProfile('staging#2', ''),
    });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved.outcome).toBe('different');
    expect(saved.snapshot1).toEqual({ expression: 'staging~1', id: byProfile('staging#1', null), name: one });
    expect(saved.snapshot2).toEqual({ expression: 'staging', id: byProfile('staging#2', null), name: two });
    // backend 1.4.0 only in staging#1 and 1.5.0 only in staging#2 are one replacement.
    expect(saved.replaced).toMatchObject([
      {
        name: 'ghcr.io/acme/backend',
        from: { name: 'ghcr.io/acme/backend:1.4.0', fingerprint: BACKEND_14 },
        to: { name: 'ghcr.io/acme/backend:1.5.0', fingerprint: BACKEND_15 },
      },
    ]);
    expect(saved.added).toEqual([]);
    expect(saved.removed).toEqual([]);
    // Scaled is the service's group: its counts are only shown, unknown (null) where a minimal answer leaves them out.
    expect(saved.scaled).toMatchObject([
      {
        name: 'ghcr.io/acme/web:3.2.0',
        s1_instance_count: byProfile(1, null),
        s2_instance_count: byProfile(2, null),
      },
    ]);
    expect(saved.unchanged.map((a) => a.name)).toEqual(['docker.io/library/redis:7.4']);
    expect(saved.compliance).toEqual({
      checks: [
        expect.objectContaining({
          name: 'ghcr.io/acme/backend:1.5.0',
          fingerprint: BACKEND_15,
          flow: 'backend',
          state: 'NON-COMPLIANT',
        }),
      ],
      leftOut: 0,
    });
    // The link is only shown: none where the answer gives none.
    expect(saved.compliance?.checks[0]?.htmlUrl).toBe(
      byProfile(`https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${BACKEND_15}`, undefined),
    );

    expect(result.stdout).toContain('::group::Compare staging~1 with staging');
    expect(result.stdout).toContain(byProfile('staging~1 is staging#1; staging is staging#2.', notConfirmed));
    expect(result.stdout).toContain(`::group::Replaced ${one} -> ${two} (1)`);
    expect(result.stdout).toContain('ghcr.io/acme/backend  1.4.0 -> 1.5.0');
    expect(result.stdout).toContain('::group::Check the compliance of 1 arriving artifact(s)');
    expect(result.stdout).toContain(`ghcr.io/acme/backend:1.5.0  ${BACKEND_15.slice(0, 12)}  NON-COMPLIANT`);
    expect(result.stdout).toContain(`::group::${one} -> ${two} scaling (1)`);
    // No gate: a non-compliant arrival is shown, not failed on; nor is a diff the answer does not confirm.
    expect(result.stdout).not.toContain('::error');

    const s = result.summary;
    // The summary escapes the `~` of an expression.
    const [md1, md2] = [one.replace('~', '\\~'), two];
    const lead = byProfile(
      'staging\\~1 is staging#1, staging is staging#2. ',
      `${notConfirmed.replace('~', '\\~')}\n\n`,
    );
    expect(s).toContain(
      `### Environment diff: ${md1} → ${md2}\n\n${lead}1 replaced, 0 added, 0 removed, 1 scaled, 1 unchanged.`,
    );
    expect(s).toContain(
      `Promoting ${md2} over ${md1} brings 1 artifact(s) (the replaced and the added): ❌ 1 not COMPLIANT.`,
    );
    expect(s).toContain(`#### Replaced ${md1} → ${md2} (1)`);
    expect(s).toContain('| Name | Version | Fingerprint | Compliance | Flow | Commit | Instances | Pods |');
    // What a minimal answer leaves out (the link, the commit, the counts, the pods) is an empty or "?" cell.
    expect(s).toContain(
      byProfile(
        `| ghcr.io/acme/backend | 1.4.0 → 1.5.0 | <code>${BACKEND_15.slice(0, 12)}</code> | [❌ NON-COMPLIANT](https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${BACKEND_15}) — non-compliant: snyk-scan | backend | [888f905](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) | 1 → 2 |`,
        `| ghcr.io/acme/backend | 1.4.0 → 1.5.0 | <code>${BACKEND_15.slice(0, 12)}</code> | ❌ NON-COMPLIANT — non-compliant: snyk-scan | backend |  | ? → ? |  |`,
      ),
    );
    expect(s).toContain(`#### Scaled ${md1} → ${md2} (1)`);
    expect(s).toContain('| Name | Fingerprint | Flow | Commit | Scaling | Pods |');
    expect(s).toMatch(
      byProfile(
        /\| ghcr.io\/acme\/web:3.2.0 \| <code>\w{12}<\/code> \| frontend \| \[48d4add\]\(\S+\) \| 1 → 2 \| <details><summary>2 pod\(s\)<\/summary>[^<|]+<br>[^<|]+<\/details> \|/,
        /\| ghcr.io\/acme\/web:3.2.0 \| <code>\w{12}<\/code> \| frontend \| {2}\| \? → \? \| {2}\|/,
      ),
    );
    // Unchanged artifacts are counted, not listed, unless asked for.
    expect(s).not.toContain('#### Unchanged');
    expect(s).toContain('1 unchanged artifact(s) not listed: set show-unchanged to true to list them.');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});
