// The policy format: the reader against the published JSON Schema, its refusals with their places, and the verdict of
// every rule on every kind of artifact, from the format's reference.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/errors.js';
import { evaluatePolicy, type ArtifactFacts } from '../../../src/compliance/policy/evaluate.js';
import { UNKNOWN } from '../../../src/compliance/policy/expression.js';
import { readPolicy } from '../../../src/compliance/policy/load.js';
import { factsOf } from '../../../src/compliance/policy/facts.js';
import { judgeArtifacts } from '../../../src/compliance/policy/judge.js';
import { verdictSentence, wouldSentence } from '../../../src/compliance/policy/report.js';
import { ComplianceClient, resolveConnection } from '../../../src/api/index.js';
import type { Trail } from '../../../src/api/schemas.js';

const SCHEMA = JSON.parse(
  readFileSync(
    new URL('../../../../shared/reference/environment-policy/v1.schema.json', import.meta.url),
    'utf8',
  ),
) as object;
const validate = new Ajv({ allErrors: true }).compile(SCHEMA);

const HEAD = '_schema: https://kosli.com/schemas/policy/environment/v1\n';
const read = (text: string) => readPolicy(text, 'policy', 'policies/prod.yml');

/** The refusal's message, or undefined when the policy is read. */
async function refusal(text: string): Promise<string | undefined> {
  try {
    await read(text);
    return undefined;
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
}

// The reference page's example, as published.
const EXAMPLE = `_schema: https://kosli.mintlify.app/schemas/policy/v1
artifacts:
  provenance:
    required: true
    exceptions:
      - if: \${{ matches(artifact.name, "^datadog:.*") }}
  trail-compliance:
    required: true
  attestations:
    - name: security-scan
      type: snyk
    - name: pull-request
      type: pull_request
      if: \${{ flow.tags.risk-level == "high" }}
    - name: coverage
      type: custom:coverage-metrics
`;

/** Policies refused, each with where and why. */
const REFUSED: [string, string, string][] = [
  ['no _schema', 'artifacts: {}\n', 'policies/prod.yml, line 1, column 1: the policy has no `_schema`'],
  [
    'version 2',
    '_schema: https://kosli.com/schemas/policy/environment/v2\n',
    'names version v2, which this action does not read',
  ],
  ['not a URI', '_schema: policy-v1\n', 'line 1, column 10: `_schema` is not a URI ending in /v<n>'],
  [
    'a top-level key',
    `${HEAD}rules: {}\n`,
    'line 2, column 1: the policy has a key other than `_schema`, `artifacts`',
  ],
  [
    'an artifacts key',
    `${HEAD}artifacts:\n  provenence: {}\n`,
    'line 3, column 3: `artifacts` has a key other than',
  ],
  [
    'required as text',
    `${HEAD}artifacts:\n  provenance:\n    required: "yes"\n`,
    'line 4, column 15: `provenance.required` is not true or false',
  ],
  [
    'exceptions not a list',
    `${HEAD}artifacts:\n  trail-compliance:\n    exceptions: {}\n`,
    '`trail-compliance.exceptions` is not a list',
  ],
  [
    'an exception without if',
    `${HEAD}artifacts:\n  provenance:\n    exceptions:\n      - {}\n`,
    'line 5, column 9: an exception of `provenance` has no `if`',
  ],
  [
    'no type',
    `${HEAD}artifacts:\n  attestations:\n    - name: x\n`,
    'line 4, column 7: an attestation rule has no `type`',
  ],
  [
    'an unknown type',
    `${HEAD}artifacts:\n  attestations:\n    - type: sbom\n`,
    'line 4, column 13: `type: sbom` is not an attestation type',
  ],
  [
    'custom: with no name',
    `${HEAD}artifacts:\n  attestations:\n    - type: "custom:"\n`,
    '`type: custom:` is not an attestation type',
  ],
  [
    'both wildcards',
    `${HEAD}artifacts:\n  attestations:\n    - type: "*"\n`,
    'has `*` for both `type` and `name`',
  ],
  [
    'a number for a name',
    `${HEAD}artifacts:\n  attestations:\n    - type: junit\n      name: 12\n`,
    "line 5, column 13: an attestation rule's `name` is not a string",
  ],
  [
    'attestations not a list',
    `${HEAD}artifacts:\n  attestations: {}\n`,
    '`artifacts.attestations` is not a list',
  ],
  [
    'a bad expression',
    `${HEAD}artifacts:\n  attestations:\n    - type: junit\n      if: \${{ flow.name }}\n`,
    'line 5, column',
  ],
  ['bad YAML', `${HEAD}artifacts: [\n`, 'not valid YAML'],
  [
    'an alias',
    `${HEAD}artifacts:\n  provenance: &p {required: true}\n  trail-compliance: *p\n`,
    'aliases (*name) and merge keys (<<) are not supported here',
  ],
];

describe('reading a policy', () => {
  it('reads the reference example', async () => {
    const policy = await read(EXAMPLE);
    expect(policy.schema).toBe('https://kosli.mintlify.app/schemas/policy/v1');
    expect(policy.provenance.required).toBe(true);
    expect(policy.provenance.exceptions.map((e) => e.text)).toEqual([
      '${{ matches(artifact.name, "^datadog:.*") }}',
    ]);
    expect(policy.trailCompliance).toEqual({ required: true, exceptions: [] });
    expect(policy.attestations.map((a) => [a.type, a.name, a.when?.text])).toEqual([
      ['snyk', 'security-scan', undefined],
      ['pull_request', 'pull-request', '${{ flow.tags.risk-level == "high" }}'],
      ['custom:coverage-metrics', 'coverage', undefined],
    ]);
  });

  it('takes both published _schema URLs, and defaults what is left out', async () => {
    for (const uri of [
      'https://kosli.mintlify.app/schemas/policy/v1',
      'https://kosli.com/schemas/policy/environment/v1',
    ]) {
      const policy = await read(`_schema: ${uri}\n`);
      expect(policy).toMatchObject({
        schema: uri,
        provenance: { required: false, exceptions: [] },
        trailCompliance: { required: false, exceptions: [] },
        attestations: [],
      });
    }
    const policy = await read(`${HEAD}artifacts:\n  attestations:\n    - type: junit\n`);
    expect(policy.attestations).toEqual([{ type: 'junit', name: '*' }]);
  });

  it.each(REFUSED)('refuses %s, naming the place', async (_case, text, expected) => {
    const message = await refusal(text);
    expect(message).toMatch(/^Invalid input 'policy': policies\/prod\.yml, line \d+, column \d+: /);
    expect(message).toContain(expected);
  });

  it('bounds the rules and the regexes of a policy, each judged on every artifact', async () => {
    const rules = (n: number, rule: string) =>
      `${HEAD}artifacts:\n  provenance:\n    exceptions:\n      - if: \${{ flow.name == "a" }}\n  attestations:\n${rule.repeat(n)}`;
    const junit = '    - type: junit\n';
    expect(await refusal(rules(99, junit))).toBeUndefined();
    expect(await refusal(rules(100, junit))).toContain(
      'line 106, column 7: the policy has more than 100 rules and exceptions',
    );
    const regex = `    - type: junit\n      if: \${{ matches(artifact.name, "^a") or matches(flow.name, "b") }}\n`;
    expect(await refusal(rules(50, regex))).toBeUndefined();
    expect(await refusal(rules(51, regex))).toContain(
      "line 108, column 38: the `if` of the attestation rule * (junit): regex '^a': the policy has more than 100 regexes",
    );
  });

  it('points an expression error at its column in the file', async () => {
    const plain = await refusal(
      `${HEAD}artifacts:\n  attestations:\n    - type: junit\n      if: \${{ build.name == "x" }}\n`,
    );
    // `build` starts at column 15 of line 5: `      if: ${{ ` is 14 characters.
    expect(plain).toContain(
      "line 5, column 15: the `if` of the attestation rule * (junit): unknown context 'build.name'",
    );
    const quoted = await refusal(
      `${HEAD}artifacts:\n  attestations:\n    - type: junit\n      if: "\${{ build.name == 'x' }}"\n`,
    );
    expect(quoted).toContain('line 5, column 16:');
    const notBoolean = await refusal(
      `${HEAD}artifacts:\n  provenance:\n    exceptions:\n      - if: \${{ flow.name }}\n`,
    );
    expect(notBoolean).toMatch(/the `if` of an exception of `provenance`: .*boolean/);
  });

  it.each([
    [
      'double-quoted, with escapes',
      '      if: "${{ flow.name == \\"x\\" and build.name == 1 }}"\n',
      'line 5, column 39',
    ],
    [
      'single-quoted, with escapes',
      "      if: '${{ flow.name == ''x'' and build.name == 1 }}'\n",
      'line 5, column 39',
    ],
    [
      'plain, on two lines',
      '      if: ${{ flow.name == "x"\n        and build.name == 1 }}\n',
      'line 6, column 13',
    ],
    ['folded', '      if: >-\n        ${{ build.name == 1 }}\n', 'line 6, column 13'],
    [
      'folded, on two lines',
      '      if: >-\n        ${{ flow.name == "x"\n        and build.name == 1 }}\n',
      'line 7, column 13',
    ],
    ['literal', '      if: |\n        ${{ build.name == 1 }}\n', 'line 6, column 13'],
  ])('points at the column of an expression error in a %s value', async (_style, rule, place) => {
    const message = await refusal(`${HEAD}artifacts:\n  attestations:\n    - type: junit\n${rule}`);
    expect(message).toContain(
      `${place}: the \`if\` of the attestation rule * (junit): unknown context 'build.name'`,
    );
  });
});

describe('the reader agrees with the published JSON Schema', () => {
  // Stricter than the schema, each for a reason the format's page gives or a gate needs: an exception without `if`
  // would waive the rule for everyone; `*` for both is refused by the format's page; only v1 is read. The refusals
  // that are not about the schema's form (YAML's own) are left out.
  const STRICTER = new Set(['an exception without if', 'both wildcards', 'version 2', 'a bad expression']);
  const DOCUMENTS: [string, string][] = [
    ['the example', EXAMPLE],
    ['only _schema', HEAD],
    ['empty artifacts', `${HEAD}artifacts: {}\n`],
    ['empty rules', `${HEAD}artifacts:\n  provenance: {}\n  trail-compliance: {}\n  attestations: []\n`],
    [
      'every type',
      `${HEAD}artifacts:\n  attestations:\n${['generic', 'junit', 'snyk', 'pull_request', 'jira', 'sonar', 'custom:x'].map((t) => `    - type: ${t}\n`).join('')}    - type: "*"\n      name: x\n`,
    ],
    ['not a map', '- a\n'],
    ['_schema a number', '_schema: 1\n'],
    ['artifacts a list', `${HEAD}artifacts: []\n`],
    ['artifacts null', `${HEAD}artifacts:\n`],
    ['provenance null', `${HEAD}artifacts:\n  provenance:\n`],
    ['a rule key', `${HEAD}artifacts:\n  provenance:\n    enabled: true\n`],
    ['an exception key', `${HEAD}artifacts:\n  provenance:\n    exceptions:\n      - when: x\n`],
    ['an exception if a number', `${HEAD}artifacts:\n  provenance:\n    exceptions:\n      - if: 3\n`],
    ['custom: then a line break', `${HEAD}artifacts:\n  attestations:\n    - type: "custom:\\nx"\n`],
    ['a rule key', `${HEAD}artifacts:\n  attestations:\n    - type: junit\n      required: true\n`],
    ...REFUSED.filter(([name]) => name !== 'bad YAML' && name !== 'an alias').map(
      ([name, text]): [string, string] => [name, text],
    ),
  ];

  it.each(DOCUMENTS)('%s', async (name, text) => {
    const schemaSays = validate(parse(text));
    const weSay = (await refusal(text)) === undefined;
    expect(weSay).toBe(STRICTER.has(name) ? false : schemaSays);
    if (STRICTER.has(name)) expect(schemaSays).toBe(true);
  });
});

describe('a policy on one artifact', () => {
  const passing: ArtifactFacts = {
    name: 'ghcr.io/acme/backend:1.5.0',
    fingerprint: 'a'.repeat(64),
    flow: { name: 'backend', tags: { 'risk-level': 'high', 'team.name': 'payments' } },
    trails: [{ name: 'v1.5.0', state: 'COMPLIANT', url: null }],
    attestations: [
      { type: 'snyk', name: 'security-scan', status: 'COMPLETE', compliant: true, trail: 'v1.5.0' },
      { type: 'pull_request', name: 'pull-request', status: 'COMPLETE', compliant: true, trail: 'v1.5.0' },
      {
        type: 'custom:coverage-metrics',
        name: 'coverage',
        status: 'COMPLETE',
        compliant: true,
        trail: 'v1.5.0',
      },
    ],
  };
  const with_ = (changes: Partial<ArtifactFacts>): ArtifactFacts => ({ ...passing, ...changes });
  const verdicts = async (policy: string, facts: ArtifactFacts) => {
    const result = evaluatePolicy(await read(policy), facts);
    return {
      verdict: result.verdict,
      rules: result.rules.map((r) => [r.rule, r.verdict, r.reason ?? r.exception]),
    };
  };

  it('passes every rule of the example on an artifact that has everything', async () => {
    expect(await verdicts(EXAMPLE, passing)).toEqual({
      verdict: 'pass',
      rules: [
        ['provenance', 'pass', undefined],
        ['trail-compliance', 'pass', undefined],
        ['attestation security-scan (snyk)', 'pass', undefined],
        ['attestation pull-request (pull_request)', 'pass', undefined],
        ['attestation coverage (custom:coverage-metrics)', 'pass', undefined],
      ],
    });
  });

  it('fails an artifact with no provenance on every rule, unless an exception waives it', async () => {
    const none = with_({ flow: null, trails: [], attestations: [] });
    expect(await verdicts(EXAMPLE, none)).toEqual({
      verdict: 'fail',
      rules: [
        ['provenance', 'fail', 'reported to no flow'],
        ['trail-compliance', 'fail', 'reported to no flow, so in no trail'],
        ['attestation security-scan (snyk)', 'fail', 'missing: reported to no flow'],
        // No flow, so no tag: the rule does not apply.
        ['attestation pull-request (pull_request)', 'not-applicable', undefined],
        ['attestation coverage (custom:coverage-metrics)', 'fail', 'missing: reported to no flow'],
      ],
    });
    const datadog = await verdicts(EXAMPLE, { ...none, name: 'datadog:7' });
    expect(datadog.rules[0]).toEqual([
      'provenance',
      'waived',
      '${{ matches(artifact.name, "^datadog:.*") }}',
    ]);
  });

  it('fails on a trail not compliant, a missing attestation and a non-compliant one', async () => {
    const trail = await verdicts(
      EXAMPLE,
      with_({ trails: [{ name: 'v1.5.0', state: 'NON-COMPLIANT', url: null }] }),
    );
    expect(trail.rules[1]).toEqual(['trail-compliance', 'fail', 'trail v1.5.0 is NON-COMPLIANT']);
    const attestations = passing.attestations as Exclude<ArtifactFacts['attestations'], typeof UNKNOWN>;
    const missing = await verdicts(EXAMPLE, with_({ attestations: attestations.slice(1) }));
    expect(missing.rules[2]).toEqual(['attestation security-scan (snyk)', 'fail', 'missing']);
    const bad = attestations.map((a) => (a.type === 'snyk' ? { ...a, compliant: false } : a));
    expect((await verdicts(EXAMPLE, with_({ attestations: bad }))).rules[2]).toEqual([
      'attestation security-scan (snyk)',
      'fail',
      'not compliant',
    ]);
    const statusMissing = attestations.map((a) =>
      a.type === 'snyk' ? { ...a, status: 'MISSING', compliant: null } : a,
    );
    expect((await verdicts(EXAMPLE, with_({ attestations: statusMissing }))).rules[2]?.[1]).toBe('fail');
    const noTrail = await verdicts(EXAMPLE, with_({ trails: [] }));
    expect(noTrail.rules[1]).toEqual(['trail-compliance', 'fail', 'no trail of its flow holds it']);
  });

  it('links each reason to the trail it is about', async () => {
    const trails = [
      { name: 'old', state: 'NON-COMPLIANT' as const, url: 'https://ui.example/trails/old' },
      { name: 'new', state: 'NON-COMPLIANT' as const, url: 'https://ui.example/trails/new' },
    ];
    const scan = { type: 'snyk', name: 'security-scan', status: 'COMPLETE', compliant: false, trail: 'new' };
    const urls = (facts: ArtifactFacts) => evaluatePolicy(policyOf, facts).rules.map((r) => [r.rule, r.url]);
    const policyOf = await read(EXAMPLE);
    expect(urls(with_({ trails, attestations: [scan] })).slice(1, 3)).toEqual([
      ['trail-compliance', 'https://ui.example/trails/old'],
      ['attestation security-scan (snyk)', 'https://ui.example/trails/new'],
    ]);
    // No attestation at all: the artifact's first trail.
    expect(urls(with_({ trails, attestations: [] }))[2]).toEqual([
      'attestation security-scan (snyk)',
      'https://ui.example/trails/old',
    ]);
  });

  it('applies a rule with if only where it holds', async () => {
    const low = with_({ flow: { name: 'backend', tags: { 'risk-level': 'low' } }, attestations: [] });
    const result = await verdicts(EXAMPLE, low);
    expect(result.rules[3]).toEqual(['attestation pull-request (pull_request)', 'not-applicable', undefined]);
  });

  it('is unknown where the answer lacks what a rule needs, never a pass', async () => {
    const unread = with_({
      flow: { name: 'backend', tags: UNKNOWN },
      trails: UNKNOWN,
      attestations: UNKNOWN,
      why: 'HTTP 503',
    });
    expect(await verdicts(EXAMPLE, unread)).toEqual({
      verdict: 'unknown',
      rules: [
        ['provenance', 'pass', undefined],
        ['trail-compliance', 'unknown', 'its trails could not be read: HTTP 503'],
        ['attestation security-scan (snyk)', 'unknown', 'its attestations could not be read: HTTP 503'],
        [
          'attestation pull-request (pull_request)',
          'unknown',
          'the answer does not say whether its if (${{ flow.tags.risk-level == "high" }}) holds: HTTP 503',
        ],
        [
          'attestation coverage (custom:coverage-metrics)',
          'unknown',
          'its attestations could not be read: HTTP 503',
        ],
      ],
    });
    const noFlow = await verdicts(EXAMPLE, with_({ flow: UNKNOWN, trails: UNKNOWN, attestations: UNKNOWN }));
    expect(noFlow.rules[0]).toEqual(['provenance', 'unknown', 'the answer names no flow']);
    const noState = await verdicts(EXAMPLE, with_({ trails: [{ name: 'v1.5.0', state: null, url: null }] }));
    expect(noState.rules[1]).toEqual([
      'trail-compliance',
      'unknown',
      'the answer gives no compliance state of trail v1.5.0',
    ]);
    const unnamed = with_({
      attestations: [{ type: null, name: null, status: 'COMPLETE', compliant: true, trail: 'x' }],
    });
    expect((await verdicts(EXAMPLE, unnamed)).rules[2]?.[1]).toBe('unknown');
    const noVerdict = (passing.attestations as { type: string | null }[]).map((a) => ({
      ...a,
      status: 'COMPLETE',
      compliant: null,
      name: 'security-scan',
      trail: 't',
    }));
    expect((await verdicts(EXAMPLE, with_({ attestations: noVerdict.slice(0, 1) }))).rules[2]?.[1]).toBe(
      'unknown',
    );
  });

  it('lets an exception that cannot be told stand only beside a pass', async () => {
    const policy = `${HEAD}artifacts:\n  trail-compliance:\n    required: true\n    exceptions:\n      - if: \${{ flow.tags.tier == 3 }}\n`;
    const tagsUnknown = { name: 'backend', tags: UNKNOWN } as const;
    expect((await verdicts(policy, with_({ flow: tagsUnknown }))).rules[0]?.[1]).toBe('pass');
    const failing = with_({ flow: tagsUnknown, trails: [{ name: 't', state: 'INCOMPLETE', url: null }] });
    expect((await verdicts(policy, failing)).rules[0]?.[1]).toBe('unknown');
    const waived = with_({
      flow: { name: 'backend', tags: { tier: '3' } },
      trails: [{ name: 't', state: 'INCOMPLETE', url: null }],
    });
    expect((await verdicts(policy, waived)).rules[0]).toEqual([
      'trail-compliance',
      'waived',
      '${{ flow.tags.tier == 3 }}',
    ]);
  });

  it('matches * for any type or any name, and passes on any of several trails', async () => {
    const policy = `${HEAD}artifacts:\n  trail-compliance:\n    required: true\n  attestations:\n    - type: "*"\n      name: security-scan\n    - type: pull_request\n`;
    const twoTrails = with_({
      trails: [
        { name: 'old', state: 'NON-COMPLIANT', url: null },
        { name: 'new', state: 'COMPLIANT', url: null },
      ],
    });
    expect((await verdicts(policy, twoTrails)).verdict).toBe('pass');
    expect((await verdicts(policy, with_({ attestations: [] }))).rules.slice(1)).toEqual([
      ['attestation security-scan (any type)', 'fail', 'missing'],
      ['attestation of type pull_request', 'fail', 'missing'],
    ]);
  });
});

describe('what the trails of an artifact say', () => {
  const FP = 'a'.repeat(64);
  const status = (name: string, type: string) => ({
    attestation_name: name,
    attestation_type: type,
    status: 'COMPLETE',
    is_compliant: true,
  });
  /** A trail of flow backend, compliant, that lists the artifact `fingerprint` with a passing snyk scan. */
  const trail = (name: string, fingerprint = FP, changes: Partial<Trail> = {}): Trail =>
    ({
      name,
      flow: { name: 'backend', tags: { tier: '1' } },
      compliance_state: 'COMPLIANT',
      is_compliant: true,
      html_url: null,
      compliance_status: {
        status: 'COMPLIANT',
        is_compliant: true,
        attestations_statuses: [],
        artifacts_statuses: {
          backend: {
            artifact_fingerprint: fingerprint,
            attestations_statuses: [status('security-scan', 'snyk')],
          },
        },
      },
      ...changes,
    }) as Trail;
  const POLICY = `${HEAD}artifacts:\n  trail-compliance:\n    required: true\n  attestations:\n    - type: snyk\n`;
  const judge = async (trails: Trail[], policy = POLICY) => {
    const facts = { name: 'backend:1', fingerprint: FP, ...factsOf('backend', FP, trails) };
    return evaluatePolicy(await read(policy), facts).rules.map((r) => [r.rule, r.verdict]);
  };

  it('passes on a trail that lists the artifact', async () => {
    expect(await judge([trail('v1')])).toEqual([
      ['trail-compliance', 'pass'],
      ['attestation of type snyk', 'pass'],
    ]);
  });

  it('does not pass on a trail whose artifacts_statuses lists other artifacts only', async () => {
    // A service that ignored the fingerprint filter: a compliant trail of the flow, holding something else.
    expect(await judge([trail('v2', 'b'.repeat(64))])).toEqual([
      ['trail-compliance', 'unknown'],
      ['attestation of type snyk', 'unknown'],
    ]);
  });

  it('does not pass on a trail whose two states disagree', async () => {
    const base = trail('v3');
    const split = trail('v3', FP, {
      compliance_status: { ...base.compliance_status, status: 'NON-COMPLIANT' } as Trail['compliance_status'],
    });
    expect((await judge([split]))[0]).toEqual(['trail-compliance', 'fail']);
  });

  it('leaves unknown what a trail does not give: its name, tags or attestation statuses', async () => {
    const bare = trail('', FP, {
      name: null,
      flow: { name: 'backend', tags: null },
      compliance_status: { status: 'COMPLIANT', artifacts_statuses: { b: { artifact_fingerprint: FP } } },
    } as unknown as Partial<Trail>);
    expect(await judge([bare])).toEqual([
      ['trail-compliance', 'pass'],
      ['attestation of type snyk', 'unknown'],
    ]);
    const facts = factsOf('backend', FP, [bare]);
    expect(facts).toMatchObject({
      flow: { tags: UNKNOWN },
      trails: [{ name: '(no name)' }],
      attestations: UNKNOWN,
    });
    expect(facts.why).toBe('the answer gives no attestation statuses of the artifact in trail (no name)');
  });

  it('reads no tags where the trails of its flow give different ones', async () => {
    const waiver = `${HEAD}artifacts:\n  trail-compliance:\n    required: true\n    exceptions:\n      - if: \${{ flow.tags.tier == "1" }}\n`;
    const failing = { compliance_state: 'INCOMPLETE', is_compliant: false } as const;
    const tier = (value: string) => ({ flow: { name: 'backend', tags: { tier: value } }, ...failing });
    expect(await judge([trail('a', FP, tier('1')), trail('b', FP, tier('1'))], waiver)).toEqual([
      ['trail-compliance', 'waived'],
    ]);
    expect(await judge([trail('a', FP, tier('3')), trail('b', FP, tier('1'))], waiver)).toEqual([
      ['trail-compliance', 'unknown'],
    ]);
    expect(await judge([trail('a', FP, tier('1')), trail('b', FP, tier('3'))], waiver)).toEqual([
      ['trail-compliance', 'unknown'],
    ]);
  });
});

describe('judging many artifacts', () => {
  it('judges an artifact with no flow apart from the same one whose flow the answer does not give', async () => {
    const policy = await read(
      `${HEAD}artifacts:\n  provenance:\n    required: true\n    exceptions:\n      - if: \${{ flow.name != "payments" }}\n`,
    );
    const fingerprint = 'c'.repeat(64);
    // No rule reads a trail: nothing is asked of the service.
    const client = new ComplianceClient(
      resolveConnection({ baseUrl: 'http://127.0.0.1:9', org: 'acme', token: 'unused' }),
    );
    const [result] = await judgeArtifacts(
      client,
      [
        { name: 'x', fingerprint, flow: undefined, why: 'the diff gives no flow' },
        { name: 'x', fingerprint, flow: null },
        // A flow may be named so (the spec's pattern allows it).
        { name: 'x', fingerprint, flow: 'undefined' },
      ],
      [policy],
    );
    expect(result?.artifacts.map((a) => a.verdict)).toEqual(['unknown', 'pass', 'pass']);
    // A flow or fingerprint the answer names malformed is never asked about: its rules are unknown.
    const trails = await read(`${HEAD}artifacts:\n  trail-compliance:\n    required: true\n`);
    const [malformed] = await judgeArtifacts(
      client,
      [
        { name: 'x', fingerprint, flow: 'no flow!' },
        { name: 'y', fingerprint: 'c0ffee', flow: 'backend' },
      ],
      [trails],
    );
    await client.close();
    expect(malformed?.artifacts.map((a) => a.rules[0]?.reason)).toEqual([
      'its trails could not be read: the answer names flow "no flow!", not a flow name',
      'its trails could not be read: the answer names fingerprint "c0ffee", not 64 lowercase hexadecimal characters',
    ]);
  });

  it('says the verdict of no artifact, and of all that pass', () => {
    const counts = (artifacts: number) => ({ artifacts, pass: artifacts, fail: 0, unknown: 0 });
    expect(verdictSentence(counts(0), 'the policy')).toBe('No artifacts to check against the policy');
    expect(verdictSentence(counts(2), 'the policy')).toBe('All 2 artifacts pass the policy');
  });

  it('names the artifacts in the form the count takes, an environment named for them as it is', () => {
    const counts = (artifacts: number, fail = 0) => ({ artifacts, pass: artifacts - fail, fail, unknown: 0 });
    const noun = { one: 'artifact in artifact-store', many: 'artifacts in artifact-store' };
    expect(wouldSentence(counts(0), 'p.yml', noun)).toBe(
      'With p.yml, no artifact in artifact-store to check',
    );
    expect(wouldSentence(counts(1), 'p.yml', noun)).toBe(
      'With p.yml, the artifact in artifact-store would pass',
    );
    expect(wouldSentence(counts(2, 1), 'p.yml', noun)).toBe(
      'With p.yml, 1 of 2 artifacts in artifact-store would fail',
    );
    expect(verdictSentence(counts(1, 1), 'p.yml', noun)).toBe(
      '1 of 1 artifact in artifact-store breaks p.yml',
    );
  });
});
