// A policy file in the service's v1 format, read before any request: checked as its JSON Schema checks it (the tests
// hold the two to agreement), every expression parsed once, each error naming the file, line and column.
import { isMap, isScalar, isSeq, Scalar, type Node, type Pair } from 'yaml';
import { PatternError } from '../../context/pattern-error.js';
import { parseYaml, readYamlFile } from '../../context/yaml-file.js';
import { ExpressionError, parseExpression, type Expr } from './expression.js';

const POLICY_FORM =
  'a policy in the v1 format: `_schema` (a URI ending in /v1) and optionally `artifacts`, a map of `provenance` and ' +
  '`trail-compliance` (each `required` and `exceptions`) and `attestations` (a list of `type`, `name` and `if`)';

const ATTESTATION_TYPES = ['generic', 'junit', 'snyk', 'pull_request', 'jira', 'sonar', '*'] as const;
const TYPE_FORM = `one of ${ATTESTATION_TYPES.join(', ')}, or custom:<name>`;
const EXPRESSION_FORM =
  'an expression such as ${{ flow.tags.risk-level == "high" }} that yields true or false';

// A policy may be a pull request's, and each rule and regex is judged on every artifact: bounded, so none holds a step.
const MAX_POLICY_RULES = 100;
const MAX_POLICY_REGEXES = 100;

/** An expression of the policy: its text as written, parsed. */
export interface Condition {
  text: string;
  expr: Expr;
}

/** `provenance` and `trail-compliance`: off unless required; an exception waives it where its `if` is true. */
export interface BooleanRule {
  required: boolean;
  exceptions: Condition[];
}

/** An attestation every artifact must have (where `when` holds): `*` matches any type, or any name. */
export interface AttestationRule {
  type: string;
  name: string;
  when?: Condition;
}

export interface Policy {
  /** The file as the workflow named it. */
  file: string;
  schema: string;
  provenance: BooleanRule;
  trailCompliance: BooleanRule;
  attestations: AttestationRule[];
}

/** Reads and checks the policy at `path` (the workflow's `file`, resolved); every problem is an input error of `input`. */
export async function loadPolicy(input: string, path: string, file: string): Promise<Policy> {
  return readPolicy(readYamlFile(input, path), input, file);
}

const NO_REGEX = (): never => {
  throw new Error('a regex outside matches()');
};

export async function readPolicy(text: string, input: string, file: string): Promise<Policy> {
  const { root, fail, failAt } = parseYaml(text, input, file, POLICY_FORM);
  // The regex engine (re2.ts) only for a policy that matches: `matches` is in no other word of the language.
  const values = JSON.stringify((root as { toJSON?: () => unknown } | null)?.toJSON?.() ?? null);
  const { compilePattern } = values.includes('matches')
    ? await import('../../context/re2.js')
    : { compilePattern: NO_REGEX };
  let [rules, regexes] = [0, 0];
  const compile = (source: string) => {
    if (++regexes > MAX_POLICY_REGEXES)
      throw new PatternError(source, `the policy has more than ${MAX_POLICY_REGEXES} regexes`);
    return compilePattern(source);
  };
  const counted = (node: Node | null) => {
    if (++rules > MAX_POLICY_RULES) {
      const bound = `at most ${MAX_POLICY_RULES} attestation rules and exceptions in all`;
      fail(node, `the policy has more than ${MAX_POLICY_RULES} rules and exceptions`, bound);
    }
  };

  /** The map's values by key; a key not in `keys` is refused, naming the keys there are. */
  const fields = (node: Node | null, what: string, keys: readonly string[]) => {
    if (!isMap(node)) return fail(node, `${what} is not a map`);
    const found = new Map<string, Node | null>();
    for (const pair of node.items as Pair<Node, Node | null>[]) {
      const key = isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined;
      if (key === undefined || !keys.includes(key)) {
        fail(pair.key, `${what} has a key other than ${keys.map((k) => `\`${k}\``).join(', ')}`);
      }
      found.set(key as string, pair.value);
    }
    return found;
  };
  /** The list's items; none where it is not given. */
  const items = (node: Node | null | undefined, what: string): (Node | null)[] => {
    if (node === undefined) return [];
    return isSeq(node) ? (node.items as (Node | null)[]) : fail(node, `${what} is not a list`, POLICY_FORM);
  };
  const string = (node: Node | null, what: string, expected: string): string => {
    if (!isScalar(node) || typeof node.value !== 'string')
      return fail(node, `${what} is not a string`, expected);
    return node.value;
  };
  const condition = (node: Node | null, what: string): Condition => {
    const written = string(node, what, EXPRESSION_FORM);
    try {
      return { text: written, expr: parseExpression(written, compile) };
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      const offset = sourceOffset(text, node as Scalar<string>, error.offset);
      return failAt(offset, `${what}: ${error.problem}`, error.expected);
    }
  };
  const booleanRule = (node: Node | null | undefined, name: string): BooleanRule => {
    if (node === undefined) return { required: false, exceptions: [] };
    const rule = fields(node, `\`${name}\``, ['required', 'exceptions']);
    const required = rule.get('required');
    if (required !== undefined && !(isScalar(required) && typeof required.value === 'boolean')) {
      fail(required, `\`${name}.required\` is not true or false`, 'required: true, or required: false');
    }
    const exceptions = items(rule.get('exceptions'), `\`${name}.exceptions\``).map((item) => {
      counted(item);
      const exception = fields(item, `an exception of \`${name}\``, ['if']);
      const when = exception.get('if');
      // The schema allows an exception without `if`; it would waive the rule for every artifact.
      if (when === undefined) return fail(item, `an exception of \`${name}\` has no \`if\``, EXPRESSION_FORM);
      return condition(when, `the \`if\` of an exception of \`${name}\``);
    });
    return { required: isScalar(required) && required.value === true, exceptions };
  };
  const attestationRule = (item: Node | null): AttestationRule => {
    counted(item);
    const rule = fields(item, 'an attestation rule', ['type', 'name', 'if']);
    const typeNode = rule.get('type');
    if (typeNode === undefined) return fail(item, 'an attestation rule has no `type`', TYPE_FORM);
    const type = string(typeNode, "an attestation rule's `type`", TYPE_FORM);
    if (!(ATTESTATION_TYPES as readonly string[]).includes(type) && !/^custom:./.test(type)) {
      fail(typeNode, `\`type: ${type}\` is not an attestation type`, TYPE_FORM);
    }
    const nameNode = rule.get('name');
    const name =
      nameNode === undefined ? '*' : string(nameNode, "an attestation rule's `name`", 'a name, or *');
    if (name === '*' && type === '*') {
      fail(item, 'an attestation rule has `*` for both `type` and `name`', 'a type or a name that is not *');
    }
    const when = rule.get('if');
    return {
      type,
      name,
      ...(when !== undefined && {
        when: condition(when, `the \`if\` of the attestation rule ${name} (${type})`),
      }),
    };
  };

  const top = fields(root, 'the policy', ['_schema', 'artifacts']);
  const schemaNode = top.get('_schema');
  if (schemaNode === undefined)
    return fail(
      root,
      'the policy has no `_schema`',
      'a first line _schema: https://kosli.com/schemas/policy/environment/v1',
    );
  const schema = string(schemaNode, '`_schema`', 'a URI ending in /v1');
  const version = schemaVersion(schema);
  if (version === undefined)
    fail(schemaNode, '`_schema` is not a URI ending in /v<n>', 'a URI ending in /v1');
  if (version !== 'v1')
    fail(
      schemaNode,
      `\`_schema\` names version ${version}, which this action does not read`,
      'a v1 policy (_schema ending in /v1)',
    );
  const artifactsNode = top.get('artifacts');
  const artifacts =
    artifactsNode === undefined
      ? new Map<string, Node | null>()
      : fields(artifactsNode, '`artifacts`', ['provenance', 'trail-compliance', 'attestations']);
  const attestations = items(artifacts.get('attestations'), '`artifacts.attestations`');
  return {
    file,
    schema,
    provenance: booleanRule(artifacts.get('provenance'), 'provenance'),
    trailCompliance: booleanRule(artifacts.get('trail-compliance'), 'trail-compliance'),
    attestations: attestations.map(attestationRule),
  };
}

/**
 * Where the value's character at `offset` is in `text`: the value's characters found in order in the scalar's source,
 * past what YAML drops (quotes, escapes, indentation, line breaks folded); the scalar's start where they do not line up.
 */
function sourceOffset(text: string, scalar: Scalar<string>, offset: number): number {
  const [start, end] = scalar.range as [number, number, number];
  const { type, value } = scalar;
  const block = type === Scalar.BLOCK_FOLDED || type === Scalar.BLOCK_LITERAL;
  // A block's text starts on the line after its header (`>-`, and a comment that may hold anything).
  let i = block ? text.indexOf('\n', start) + 1 || end : type === Scalar.PLAIN ? start : start + 1;
  let j = 0;
  for (; i < end && j < offset; i++) if (text[i] === value[j]) j++;
  while (i < end && j < value.length && text[i] !== value[j]) i++;
  return j === offset && (i < end || j === value.length) ? i : start;
}

/** `v1` of `https://kosli.com/schemas/policy/environment/v1`; undefined when it is not an absolute URI ending so. */
function schemaVersion(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  return /\/(v\d+)\/?$/.exec(url.pathname)?.[1];
}
