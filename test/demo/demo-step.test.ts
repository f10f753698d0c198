/**
 * The demo's parts that decide what it prints: the workflow step shown for each step, the mark of its
 * outcome, which links of its summaries it checks, and the page that marks example links. Pure, in-process.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE_PREFIXES, linksIn } from '../../scripts/lib/demo-links.js';
import {
  MAJOR,
  majorOf,
  OWNER,
  ownerOf,
  verdictOf,
  verdictText,
  workflowStepYaml,
} from '../../scripts/lib/demo-step.js';
import { renderSummariesPage } from '../../scripts/lib/summary-page.js';

describe('the mark of a step: its own outcome, whatever the demo expected', () => {
  it.each([
    [0, {}, '✔', 'passed'],
    [1, {}, '✖', 'failed'],
    [0, { outcome: 'reported' }, '✔', 'reported'],
    [0, { outcome: 'compliant', 'would-fail': 'false' }, '✔', 'compliant'],
    [0, { outcome: 'listed' }, '✔', 'listed'],
    [0, { outcome: 'different', 'would-fail': 'false' }, '✔', 'different'],
    [0, { outcome: 'different', 'would-fail': 'true' }, '⚠', 'different, would fail as a gate'],
    [0, { outcome: 'non-compliant', 'would-fail': 'true' }, '⚠', 'non-compliant'],
    [0, { outcome: 'not-found' }, '⚠', 'not-found'],
    [0, { outcome: 'failing' }, '⚠', 'failing'],
    [0, { outcome: 'skipped' }, '⚠', 'skipped'],
    [0, { outcome: 'dry-run' }, '⚠', 'dry-run'],
    // An outcome the demo does not know is not a pass.
    [0, { outcome: 'something-new' }, '⚠', 'something-new'],
    // Under dry run a step may exit 0 with outcome error: still a failure.
    [0, { outcome: 'error' }, '✖', 'error'],
    [1, { outcome: 'non-compliant' }, '✖', 'non-compliant'],
    [null, { outcome: 'reported' }, '✖', 'reported'],
  ] as const)('exit %s, %j: %s %s', (code, outputs, mark, text) => {
    const verdict = verdictOf(code, outputs);
    expect(verdict.mark).toBe(mark);
    expect(verdictText(verdict)).toBe(text);
  });
});

describe('the workflow step shown', () => {
  it('is the inputs passed, as a workflow writes them, with the connection as expressions and notes as comments', () => {
    const yaml = workflowStepYaml({
      action: 'get-deployment',
      id: 'deployed',
      inputs: {
        'api-url': 'http://127.0.0.1:1234/api/v2',
        'api-token': 'sandbox-demo-token',
        environment: 'staging',
        fingerprint: 'a'.repeat(64),
        'fail-if-missing': 'false',
        'timeout-seconds': '30',
        required: 'unit-tests\nsnyk-scan',
        version: '007',
        tag: 'yes',
      },
      shown: {
        'api-url': { expression: '${{ vars.COMPLIANCE_API_URL }}', here: 'here: the sandbox' },
        'api-token': { expression: '${{ secrets.COMPLIANCE_API_TOKEN }}', here: 'here: its token' },
      },
      notes: { fingerprint: 'step 2' },
      secrets: ['sandbox-demo-token'],
    });
    expect(yaml).toBe(
      [
        '- id: deployed',
        `  uses: ${OWNER}/compliance-actions/actions/get-deployment@${MAJOR}`,
        '  with:',
        '    api-url: ${{ vars.COMPLIANCE_API_URL }} # here: the sandbox',
        '    api-token: ${{ secrets.COMPLIANCE_API_TOKEN }} # here: its token',
        '    environment: staging',
        `    fingerprint: ${'a'.repeat(64)} # step 2`,
        '    fail-if-missing: false',
        '    timeout-seconds: 30',
        '    required: |-',
        '      unit-tests',
        '      snyk-scan',
        '    version: "007"',
        '    tag: yes',
      ].join('\n'),
    );
    // What GitHub hands the step: each value as the string the demo passed (YAML 1.2 core, as GitHub reads it).
    const [step] = parse(yaml) as [{ with: Record<string, unknown> }];
    const asGitHubPasses = Object.fromEntries(Object.entries(step.with).map(([k, v]) => [k, String(v)]));
    expect(asGitHubPasses).toMatchObject({
      'fail-if-missing': 'false',
      'timeout-seconds': '30',
      required: 'unit-tests\nsnyk-scan',
      version: '007',
      tag: 'yes',
    });
  });

  it('is the root action for setup, and has no with: without inputs', () => {
    expect(workflowStepYaml({ action: 'setup', inputs: {} })).toBe(
      `- uses: ${OWNER}/compliance-actions@${MAJOR}`,
    );
  });

  it('refuses to show a secret that was not replaced by an expression', () => {
    expect(() =>
      workflowStepYaml({ action: 'list-actions', inputs: { org: 'hunter2-org' }, secrets: ['hunter2'] }),
    ).toThrow('the step of list-actions would print a secret');
  });

  it("takes the owner and major tag from package.json's repository and version", () => {
    const json = (repository: unknown, version = '0.1.0') => JSON.stringify({ repository, version });
    expect(ownerOf(json({ url: 'git+https://github.com/<owner>/compliance-actions.git' }))).toBe('<owner>');
    expect(ownerOf(json({ url: 'git+https://github.com/acme-corp/compliance-actions.git' }))).toBe(
      'acme-corp',
    );
    expect(ownerOf(json('github:acme-corp/compliance-actions'))).toBe('<owner>');
    expect(ownerOf(json('https://github.com/acme-corp/compliance-actions'))).toBe('acme-corp');
    expect(ownerOf('{}')).toBe('<owner>');
    expect(majorOf(json(undefined, '0.1.0'))).toBe('v0');
    expect(majorOf(json(undefined, '2.3.4'))).toBe('v2');
  });
});

describe('the links of the summaries', () => {
  it('finds every web address a reader can follow: links, autolinks, table cells, lists and <a href>', () => {
    const markdown = [
      'See [the artifact](http://127.0.0.1:9/ui/demo/flows/backend/artifacts/abc) and https://github.com/acme/shop.',
      '',
      '| Name | Commit |',
      '| --- | --- |',
      '| a | [1234567](https://github.com/acme/shop/commit/1234567) |',
      '',
      '- [trail](http://127.0.0.1:9/ui/demo/flows/backend/trails/t)',
      '',
      '<details><summary><a href="http://127.0.0.1:9/ui/demo">demo</a></summary>',
      '',
      'Mail qa@acme.test, `https://not-a-link.example`, and [again](https://github.com/acme/shop).',
      '</details>',
    ].join('\n');
    expect(linksIn(markdown).sort()).toEqual([
      'http://127.0.0.1:9/ui/demo',
      'http://127.0.0.1:9/ui/demo/flows/backend/artifacts/abc',
      'http://127.0.0.1:9/ui/demo/flows/backend/trails/t',
      'https://github.com/acme/shop',
      'https://github.com/acme/shop/commit/1234567',
    ]);
  });

  it('marks the example addresses on the page as examples, in CSS that a prefix cannot break out of', () => {
    const page = renderSummariesPage('demo', '[x](https://github.com/acme/shop)', [
      ...EXAMPLE_PREFIXES,
      'https://x.test/"</style><script>',
    ]);
    expect(page).toContain('a[href^="https://github.com/acme/"]::after { content: " (example)";');
    expect(page).toContain('a[href^="https://x.test/\\22 \\3c /style>\\3c script>"]');
    expect(page.match(/<\/style>/g)).toHaveLength(1);
    expect(page).toContain('<a href="https://github.com/acme/shop">x</a>');
  });
});
