/**
 * The policy expression language: what each form of the reference means against a flow, no flow, and answers that
 * lack a value; what is refused when parsed, where; and that printing then parsing gives back the same tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contextsOf,
  decimal,
  evaluate,
  ExpressionError,
  parseExpression,
  quote,
  UNKNOWN,
  type CompareOp,
  type Expr,
  type ExpressionContext,
  type Literal,
  type Reference,
  type Value,
} from '../../../src/compliance/policy/expression.js';
import { compilePattern } from '../../../src/context/re2.js';
import { thrownBy } from '../../helpers/inputs.js';

const parse = (text: string) => parseExpression(text, compilePattern);

const LEVEL: Partial<Record<(Expr | Value)['kind'], number>> = { or: 1, and: 2, not: 3, compare: 4, in: 4 };
/** `node`, in parentheses when it binds more loosely than `level`. */
const at = (node: Expr | Value, level: number) =>
  (LEVEL[node.kind] ?? 5) < level ? `(${printExpression(node)})` : printExpression(node);

/** Canonical text (without `${{ }}`), the oracle the parser is held to: parentheses only where precedence needs them. */
function printExpression(e: Expr | Value): string {
  if (e.kind === 'string') return quote(e.value);
  if (e.kind === 'number') return decimal(e.value);
  if (e.kind === 'context') return e.path;
  if (e.kind === 'tag') return `flow.tags.${e.key}`;
  if (e.kind === 'not') return `not ${at(e.operand, 3)}`;
  if (e.kind === 'and' || e.kind === 'or')
    return `${at(e.left, LEVEL[e.kind] ?? 0)} ${e.kind} ${at(e.right, (LEVEL[e.kind] ?? 0) + 1)}`;
  if (e.kind === 'compare') return `${printExpression(e.left)} ${e.op} ${printExpression(e.right)}`;
  if (e.kind === 'in') return `${printExpression(e.left)} in [${e.items.map(printExpression).join(', ')}]`;
  if (e.kind === 'exists') return `exists(${printExpression(e.operand)})`;
  return `matches(${printExpression(e.input)}, ${quote(e.pattern.source)})`;
}

const artifact = { name: 'datadog:7.1', fingerprint: 'sha256:0f3a' };
const tags = {
  'risk-level': 'high',
  tier: '1',
  ten: '10',
  version: '1.10',
  'key.with.dots': 'yes',
  empty: '',
};
const CONTEXTS: Record<string, ExpressionContext> = {
  flow: { flow: { name: 'runner', tags }, artifact },
  'no flow': { flow: null, artifact: { name: null, fingerprint: 'sha256:0f3a' } },
  'unknown flow': { flow: UNKNOWN, artifact },
  'unknown tags': { flow: { name: 'runner', tags: UNKNOWN }, artifact },
};

describe('evaluate', () => {
  const cases: [text: string, context: string, expected: boolean | typeof UNKNOWN][] = [
    ['flow.name == "runner"', 'flow', true],
    ["flow.name != 'runner'", 'flow', false],
    ['flow.name < "s"', 'flow', true],
    ['flow.name > "s"', 'flow', false],
    ['flow.name <= "runner"', 'flow', true],
    ['flow.name >= "runnerz"', 'flow', false],
    ['artifact.fingerprint == "sha256:0f3a"', 'flow', true],
    ['artifact.name != "datadog:7.1"', 'flow', false],
    // A tag against a number is read as a number; one that is not numeric equals none.
    ['flow.tags.tier == 1', 'flow', true],
    ['flow.tags.tier == 1.0', 'flow', true],
    ['flow.tags.tier != 1', 'flow', false],
    ['-3 < flow.tags.tier', 'flow', true],
    ['flow.tags.version == 1.1', 'flow', true],
    ['flow.tags.ten > 9', 'flow', true],
    ['flow.tags.ten > "9"', 'flow', false],
    ['flow.tags.risk-level == 1', 'flow', false],
    ['flow.tags.risk-level != 1', 'flow', true],
    ['flow.tags.risk-level >= 1', 'flow', false],
    ['flow.tags.risk-level == "high"', 'flow', true],
    ['flow.tags.key.with.dots == "yes"', 'flow', true],
    ['1.5 > 1', 'flow', true],
    ['flow.tags.risk-level in ["high", \'critical\']', 'flow', true],
    ['flow.tags.tier in [2, 1]', 'flow', true],
    ['flow.name in ["saver"]', 'flow', false],
    ['flow.name in []', 'flow', false],
    // A tag not given is null; an empty one is not.
    ['flow.tags.missing == "x"', 'flow', false],
    ['flow.tags.missing == flow.tags.other', 'flow', true],
    ['exists(flow.tags.missing)', 'flow', false],
    ['exists(flow.tags.empty)', 'flow', true],
    ['flow.tags.empty == ""', 'flow', true],
    ['matches(artifact.name, "^datadog:.*")', 'flow', true],
    ['matches(artifact.name, "dog")', 'flow', true],
    ['matches(artifact.name, "^dog")', 'flow', false],
    ['matches(artifact.name, "\\d+\\.\\d+$")', 'flow', true],
    ['matches(artifact.name, "\\d$")', 'flow', true],
    ['matches(1.5, "^1\\.5$")', 'flow', true],
    ['matches(flow.tags.missing, ".*")', 'flow', false],
    // Quotes: a backslash escapes the string's own quote and itself, and is kept before anything else.
    ["'it\\'s' == \"it's\"", 'flow', true],
    ['"a\\"b" == \'a"b\'', 'flow', true],
    ['"a\\\\b" == \'a\\b\'', 'flow', true],
    // Precedence: or, and, not, comparisons, loosest first.
    ['flow.name == "runner" or flow.name == "x" and flow.tags.tier == 2', 'flow', true],
    ['(flow.name == "runner" or flow.name == "x") and flow.tags.tier == 2', 'flow', false],
    ['not flow.name == "x"', 'flow', true],
    ['not not exists(flow.name)', 'flow', true],
    ['not (exists(flow.name) and flow.tags.tier == 2)', 'flow', true],
    ['${{ flow.name == "runner" }}', 'flow', true],
    ['${{flow.name=="runner"}}', 'flow', true],
    ['  ${{\n  flow.name == "runner"\n}}\n', 'flow', true],
    // No flow: every flow value is null.
    ['flow.name == "runner"', 'no flow', false],
    ['flow.name != "runner"', 'no flow', true],
    ['flow.name < "z"', 'no flow', false],
    ['flow.tags.tier >= 1', 'no flow', false],
    ['flow.name == flow.tags.tier', 'no flow', true],
    ['exists(flow.name)', 'no flow', false],
    ['not exists(flow.tags.risk-level)', 'no flow', true],
    ['flow.name in ["runner"]', 'no flow', false],
    ['matches(flow.name, ".*")', 'no flow', false],
    ['exists(artifact.name)', 'no flow', false],
    // UNKNOWN propagates, except where the other side decides alone.
    ['flow.name == "runner"', 'unknown flow', UNKNOWN],
    ['flow.tags.tier != 1', 'unknown flow', UNKNOWN],
    ['exists(flow.name)', 'unknown flow', UNKNOWN],
    ['not exists(flow.name)', 'unknown flow', UNKNOWN],
    ['flow.name in ["runner"]', 'unknown flow', UNKNOWN],
    ['matches(flow.name, "")', 'unknown flow', UNKNOWN],
    ['artifact.name == "datadog:7.1"', 'unknown flow', true],
    ['flow.name == "a" and artifact.name == "x"', 'unknown flow', false],
    ['artifact.name == "x" and flow.name == "a"', 'unknown flow', false],
    ['flow.name == "a" and artifact.name == "datadog:7.1"', 'unknown flow', UNKNOWN],
    ['flow.name == "a" or artifact.name == "datadog:7.1"', 'unknown flow', true],
    ['artifact.name == "datadog:7.1" or flow.name == "a"', 'unknown flow', true],
    ['flow.name == "a" or artifact.name == "x"', 'unknown flow', UNKNOWN],
    ['flow.name == "runner"', 'unknown tags', true],
    ['flow.tags.tier == 1', 'unknown tags', UNKNOWN],
    ['exists(flow.tags.missing)', 'unknown tags', UNKNOWN],
  ];

  it.each(cases)('%j against %s is %s', (text, context, expected) => {
    expect(evaluate(parse(text), CONTEXTS[context] as ExpressionContext)).toBe(expected);
  });

  it('names the contexts an expression reads', () => {
    const expr = parse('flow.tags.a == 1 or not matches(artifact.name, "x") and exists(flow.tags.b)');
    expect([...contextsOf(expr)].sort()).toEqual(['artifact.name', 'flow.tags']);
    expect([...contextsOf(parse('flow.name in ["a"] or artifact.fingerprint == "f"'))].sort()).toEqual([
      'artifact.fingerprint',
      'flow.name',
    ]);
  });
});

describe('refusals', () => {
  const regexForm = 'a{1000}'.repeat(6);
  const cases: [text: string, problem: string, column: number][] = [
    ['flow.name', 'the expression does not yield a boolean', 1],
    ['${{ "x" }}', 'the expression does not yield a boolean', 5],
    ['(3)', 'the expression does not yield a boolean', 2],
    ['build.name == "x"', "unknown context 'build.name'", 1],
    ['artifact.size > 3', "unknown context 'artifact.size'", 1],
    ['flow == "x"', "unknown context 'flow'", 1],
    ['flow.name == "a" and size(flow.name) > 1', "unknown function 'size'", 22],
    ['flow.tags == "x"', "'flow.tags' needs a tag key", 1],
    ['flow.tags.-x == "x"', "'-x' is not a tag key", 1],
    ['flow.name == true', "unknown word 'true'", 14],
    ['(flow.name == "a") == "b"', "'==' compares values, not a condition", 2],
    ['exists(flow.name) != false', "'!=' compares values, not a condition", 1],
    ['flow.name and exists(flow.name)', "'and' needs a condition, not a value", 1],
    ['exists(flow.name) or "x"', "'or' needs a condition, not a value", 22],
    ['not flow.name', "'not' needs a condition, not a value", 5],
    ['exists(flow.name) in ["a"]', "'in' compares values, not a condition", 1],
    ['flow.name in "runner"', "'in' needs a list in brackets", 14],
    ['flow.name in [flow.tags.a]', 'a list holds strings and numbers only', 15],
    ['flow.name in ["a" "b"]', 'unexpected "b"', 19],
    ['exists("x")', 'exists() takes a context', 8],
    ['exists(flow.name, flow.tags.a)', "unexpected ','", 17],
    ['matches(flow.name)', "unexpected ')'", 18],
    ['matches(flow.name, flow.tags.a)', 'the regex of matches() must be a string in quotes', 20],
    ['flow.name == "abc', 'unterminated string', 14],
    ["flow.name == 'abc\\'", 'unterminated string', 14],
    ['flow.name == "a" "b"', 'unexpected "b"', 18],
    ['exists(flow.name) exists(flow.name)', "unexpected 'exists'", 19],
    ['flow.name == "a" && exists(flow.name)', "unexpected character '&'", 18],
    ['flow.name ==', 'the expression ends here', 13],
    ['', 'the expression is empty', 1],
    ['${{   }}', 'the expression is empty', 7],
    ['${{ exists(flow.name)', "'${{' is not closed", 1],
    ['flow.name == "a" == "b"', 'comparisons do not chain', 18],
    ['flow.name in ["a"] == "b"', 'comparisons do not chain', 20],
    [`flow.name == "${'a'.repeat(4096)}"`, 'the expression is 4111 characters long, at most 4096', 4097],
    [`${'('.repeat(65)}exists(flow.name)${')'.repeat(65)}`, 'the expression nests deeper than 64', 65],
    [`${'not '.repeat(65)}exists(flow.name)`, 'the expression nests deeper than 64', 257],
    [
      'matches(flow.name, "(?=a)")',
      "regex '(?=a)': lookahead (?= is not supported (matching must take linear time)",
      20,
    ],
    [
      `matches(flow.name, "${regexForm}")`,
      `regex '${regexForm}': it compiles to 6002 instructions, at most 5000 (a repeat such as {1000} copies what it repeats)`,
      20,
    ],
  ];

  it.each(cases)('%j: %s at column %i', (text, problem, column) => {
    const error = thrownBy(() => parse(text), ExpressionError);
    expect(error).toMatchObject({ problem, offset: column - 1, message: `${problem} at column ${column}` });
    expect(error.expected).not.toBe('');
  });

  it('takes nesting up to the bound', () => {
    const text = `${'('.repeat(63)}exists(flow.name)${')'.repeat(63)}`;
    expect(printExpression(parse(text))).toBe('exists(flow.name)');
  });
});

describe('printing then parsing', () => {
  const text = fc.oneof(
    fc.constantFrom('runner', '1', '1.0', '-3', '10', 'a"b', "it's", 'a\\b', '\\', ''),
    fc.string({
      unit: fc.constantFrom('"', "'", '\\', 'a', 'Z', ' ', '$', '}', 'é', '😀', '\u2028'),
      maxLength: 8,
    }),
    fc.string({ unit: 'binary', maxLength: 6 }),
  );
  const number = fc.oneof(
    fc.integer(),
    fc.constantFrom(1e21, -2.5e-7, 123456789012345680000),
    fc.double({ min: -1e25, max: 1e25, noNaN: true }).filter((n) => n === 0 || Math.abs(n) > 1e-12),
  );
  const literal: fc.Arbitrary<Literal> = fc.oneof(
    text.map((value) => ({ kind: 'string' as const, value, offset: 0 })),
    number.map((value) => ({ kind: 'number' as const, value: value + 0, offset: 0 })),
  );
  const tagKey = fc.oneof(
    fc.constantFrom('risk-level', 'key.with.dots', 'tier', 'missing'),
    fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,8}$/),
  );
  const reference: fc.Arbitrary<Reference> = fc.oneof(
    fc
      .constantFrom('flow.name' as const, 'artifact.name' as const, 'artifact.fingerprint' as const)
      .map((path) => ({ kind: 'context' as const, path, offset: 0 })),
    tagKey.map((key) => ({ kind: 'tag' as const, key, offset: 0 })),
  );
  const value: fc.Arbitrary<Value> = fc.oneof(reference, literal);
  const regex = fc
    .constantFrom('^a', 'b$', '\\d+', 'a"b', "it's", '\\\\', '[é-ü]+', '(x|y)*', '', '^\\w+:\\d\\.\\d$')
    .map(compilePattern);
  const op = fc.constantFrom<CompareOp>('==', '!=', '<', '>', '<=', '>=');
  /** A node of `kind` with these fields, at offset 0. */
  const node = <K extends Expr['kind'], F>(kind: K, fields: fc.Arbitrary<F>) =>
    fields.map((f) => ({ kind, offset: 0, ...f }));

  const { condition } = fc.letrec<{ condition: Expr }>((tie) => ({
    condition: fc.oneof(
      { maxDepth: 4, depthSize: 'small' },
      node('compare', fc.record({ op, left: value, right: value })),
      node('in', fc.record({ left: value, items: fc.array(literal, { maxLength: 3 }) })),
      node('exists', fc.record({ operand: reference })),
      node('matches', fc.record({ input: value, pattern: regex })),
      node('not', fc.record({ operand: tie('condition') })),
      node('and', fc.record({ left: tie('condition'), right: tie('condition') })),
      node('or', fc.record({ left: tie('condition'), right: tie('condition') })),
    ),
  }));

  const scalar = fc.oneof(fc.constantFrom('runner', '1', '1.0', '-3', '10', 'a"b', ''), text);
  const context: fc.Arbitrary<ExpressionContext> = fc.record({
    flow: fc.oneof(
      fc.constant(null),
      fc.constant(UNKNOWN),
      fc.record({
        name: scalar,
        tags: fc.oneof(fc.constant(UNKNOWN), fc.dictionary(tagKey, scalar, { maxKeys: 4 })),
      }),
    ),
    artifact: fc.record({ name: fc.option(scalar, { nil: null }), fingerprint: scalar }),
  });

  /** The tree as plain data: no offsets, the regex by its source. */
  const shape = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(shape)
      : typeof node === 'object' && node !== null
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([key]) => key !== 'offset' && key !== 'test')
              .map(([key, field]) => [key, shape(field)]),
          )
        : node;

  it('gives back the same tree, which evaluates the same', () => {
    fc.assert(
      fc.property(condition, fc.array(context, { maxLength: 3 }), (expr, contexts) => {
        const printed = printExpression(expr);
        const again = parse(printed);
        expect(shape(again)).toEqual(shape(expr));
        expect(shape(parse(`\${{ ${printed} }}`))).toEqual(shape(expr));
        expect(printExpression(again)).toBe(printed);
        for (const ctx of contexts) expect(evaluate(again, ctx)).toBe(evaluate(expr, ctx));
      }),
      { numRuns: 300 },
    );
  });

  it('prints canonically: double quotes, parentheses only where needed', () => {
    const expr = parse(
      `(not (flow.name == 'a\\'b')) or (exists(flow.tags.x) or ("\\\\" == flow.tags.y and 1 < 2))`,
    );
    expect(printExpression(expr)).toBe(
      'not flow.name == "a\'b" or (exists(flow.tags.x) or "\\\\" == flow.tags.y and 1 < 2)',
    );
    expect(printExpression(parse('100000000000000000000000 == -0'))).toBe('100000000000000000000000 == 0');
  });
});
