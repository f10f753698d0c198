// The expression language of the service's environment policies (v1), in `if` fields as `${{ ... }}`: parsed and
// type-checked whole before anything is evaluated, so a bad policy is refused, named, and never reads as false.
import { PatternError, type Pattern } from '../../context/pattern-error.js';

/** The service's answer lacks the value: a condition on it is neither true nor false. */
export const UNKNOWN: unique symbol = Symbol('unknown');

/** What an expression reads; a null flow is an artifact without provenance. */
export interface ExpressionContext {
  flow: { name: string; tags: Record<string, string> | typeof UNKNOWN } | null | typeof UNKNOWN;
  artifact: { name: string | null; fingerprint: string };
}

export type ContextPath = 'flow.name' | 'artifact.name' | 'artifact.fingerprint';
type ContextName = ContextPath | 'flow.tags';
export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=';
export type Literal =
  { kind: 'string'; value: string; offset: number } | { kind: 'number'; value: number; offset: number };
export type Reference =
  { kind: 'context'; path: ContextPath; offset: number } | { kind: 'tag'; key: string; offset: number };
export type Value = Literal | Reference;
/** A condition: the only thing an expression may be. `offset` is where its text starts in the original. */
export type Expr =
  | { kind: 'not'; operand: Expr; offset: number }
  | { kind: 'and'; left: Expr; right: Expr; offset: number }
  | { kind: 'or'; left: Expr; right: Expr; offset: number }
  | { kind: 'compare'; op: CompareOp; left: Value; right: Value; offset: number }
  | { kind: 'in'; left: Value; items: Literal[]; offset: number }
  | { kind: 'exists'; operand: Reference; offset: number }
  | { kind: 'matches'; input: Value; pattern: Pattern; offset: number };
type Node = Expr | Value;

/** `problem` at `offset` (0-based, in the text as given), and the form that was expected there. */
export class ExpressionError extends Error {
  readonly problem: string;
  readonly expected: string;
  readonly offset: number;

  constructor(problem: string, expected: string, offset: number) {
    super(`${problem} at column ${offset + 1}`);
    this.name = 'ExpressionError';
    this.problem = problem;
    this.expected = expected;
    this.offset = offset;
  }
}

const MAX_EXPRESSION_CHARS = 4096;
const MAX_DEPTH = 64;

const CONTEXTS = 'flow.name, flow.tags.<key>, artifact.name or artifact.fingerprint';
const CONDITION = `a condition: a comparison, in, exists() or matches(), joined by and, or, not`;
const VALUE = `a value: ${CONTEXTS}, a string in quotes or a number`;
const LIST = 'a list of strings or numbers in brackets, such as ["runner", "saver"]';
const FUNCTIONS = 'exists(<context>) or matches(<value>, "<regex>")';
const REGEX =
  'a regular expression in RE2 syntax (no lookahead, lookbehind, backreferences or possessive forms)';
const TAG_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
// A word runs to the next space, quote or operator, so a key with a character no key may hold is named whole.
const TOKEN = /\s*(?:([=!<>]=|[<>()[\],])|(-?\d+(?:\.\d+)?)|([A-Za-z_][^\s()[\],=!<>"']*)|(["'])|(\S)|$)/y;
const WRAPPED = /^(\s*\$\{\{)([\s\S]*)\}\}\s*$/;

type Token = { kind: 'punct' | 'number' | 'word' | 'string' | 'end'; text: string; offset: number };

/** The tokens of text[start, end); a string's text is its value, escapes (own quote, backslash) undone. */
function tokenize(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  const source = text.slice(0, end);
  for (TOKEN.lastIndex = start; ;) {
    const m = TOKEN.exec(source) as RegExpExecArray;
    const offset = m.index + m[0].length - (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').length;
    if (m[5] !== undefined) throw new ExpressionError(`unexpected character '${m[5]}'`, VALUE, offset);
    if (m[4] !== undefined) {
      let value = '';
      let i = offset + 1;
      for (; i < end && text[i] !== m[4]; i++) {
        if (text[i] === '\\' && i + 1 < end && (text[i + 1] === m[4] || text[i + 1] === '\\')) i++;
        value += text.charAt(i);
      }
      if (i >= end) throw new ExpressionError('unterminated string', `a closing ${m[4]}`, offset);
      tokens.push({ kind: 'string', text: value, offset });
      TOKEN.lastIndex = i + 1;
      continue;
    }
    const kind = m[1] ? 'punct' : m[2] ? 'number' : m[3] ? 'word' : 'end';
    const word = m[1] ?? m[2] ?? m[3] ?? '';
    tokens.push({ kind, text: word, offset });
    if (kind === 'end') return tokens;
  }
}

/** Parses and checks an expression, bare or in `${{ }}`; `compile` is the RE2 compiler (src/context/re2.ts). */
export function parseExpression(text: string, compile: (source: string) => Pattern): Expr {
  if (text.length > MAX_EXPRESSION_CHARS) {
    const problem = `the expression is ${text.length} characters long, at most ${MAX_EXPRESSION_CHARS}`;
    throw new ExpressionError(problem, 'a shorter expression', MAX_EXPRESSION_CHARS);
  }
  const wrapped = WRAPPED.exec(text);
  if (!wrapped && text.trimStart().startsWith('${{')) {
    throw new ExpressionError("'${{' is not closed", '${{ <expression> }}', text.indexOf('$'));
  }
  const start = wrapped?.[1]?.length ?? 0;
  const tokens = tokenize(text, start, wrapped ? start + (wrapped[2]?.length ?? 0) : text.length);
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos] as Token;
  const next = () => tokens[peek().kind === 'end' ? pos : pos++] as Token;
  const fail = (problem: string, expected: string, at: { offset: number }): never => {
    throw new ExpressionError(problem, expected, at.offset);
  };
  const unexpected = (t: Token, expected: string) =>
    fail(t.kind === 'end' ? 'the expression ends here' : `unexpected ${show(t)}`, expected, t);
  const show = (t: Token) => (t.kind === 'string' ? quote(t.text) : `'${t.text}'`);
  const is = (t: Token, text: string) => (t.kind === 'punct' || t.kind === 'word') && t.text === text;
  const expect = (text: string, expected: string) =>
    is(peek(), text) ? next() : unexpected(peek(), expected);
  const enter = (at: Token) => {
    if (++depth > MAX_DEPTH) fail(`the expression nests deeper than ${MAX_DEPTH}`, 'fewer parentheses', at);
  };
  const isValue = (n: Node): n is Value => ['string', 'number', 'context', 'tag'].includes(n.kind);
  const condition = (n: Node, who: string): Expr =>
    isValue(n) ? fail(`${who} needs a condition, not a value`, CONDITION, n) : n;
  const value = (n: Node, who: string): Value =>
    isValue(n) ? n : fail(`${who} compares values, not a condition`, VALUE, n);

  function binary(kind: 'and' | 'or', operand: () => Node): Node {
    let left = operand();
    while (is(peek(), kind)) {
      const checked = condition(left, `'${kind}'`);
      next();
      left = { kind, left: checked, right: condition(operand(), `'${kind}'`), offset: left.offset };
    }
    return left;
  }
  const parseOr = (): Node => binary('or', () => binary('and', parseNot));

  function parseNot(): Node {
    const t = peek();
    if (!is(t, 'not')) return parseComparison();
    next();
    enter(t);
    const operand = condition(parseNot(), "'not'");
    depth--;
    return { kind: 'not', operand, offset: t.offset };
  }

  function parseComparison(): Node {
    const left = parsePrimary();
    const op = peek();
    let node: Expr;
    if (op.kind === 'punct' && ['==', '!=', '<', '>', '<=', '>='].includes(op.text)) {
      const checked = value(left, `'${op.text}'`);
      next();
      const right = value(parsePrimary(), `'${op.text}'`);
      node = { kind: 'compare', op: op.text as CompareOp, left: checked, right, offset: left.offset };
    } else if (is(op, 'in')) {
      next();
      node = { kind: 'in', left: value(left, "'in'"), items: parseList(), offset: left.offset };
    } else return left;
    const after = peek();
    if (is(after, 'in') || (after.kind === 'punct' && /[=<>]/.test(after.text))) {
      fail('comparisons do not chain', "one comparison per side of 'and' or 'or'", after);
    }
    return node;
  }

  function parseList(): Literal[] {
    const open = next();
    if (!is(open, '[')) fail("'in' needs a list in brackets", LIST, open);
    const items: Literal[] = [];
    while (!is(peek(), ']')) {
      if (items.length > 0) expect(',', LIST);
      const item = parsePrimary();
      items.push(
        item.kind === 'string' || item.kind === 'number'
          ? item
          : fail('a list holds strings and numbers only', LIST, item),
      );
    }
    next();
    return items;
  }

  function parsePrimary(): Node {
    const t = next();
    const offset = t.offset;
    if (t.kind === 'string') return { kind: 'string', value: t.text, offset };
    if (t.kind === 'number') {
      const number = Number(t.text) + 0; // `-0` is 0
      return Number.isFinite(number)
        ? { kind: 'number', value: number, offset }
        : fail('the number is too large', VALUE, t);
    }
    if (is(t, '(')) {
      enter(t);
      const inner = parseOr();
      expect(')', "')'");
      depth--;
      return inner;
    }
    if (t.kind !== 'word' || ['and', 'or', 'not', 'in'].includes(t.text)) return unexpected(t, VALUE);
    if (is(peek(), '(')) return parseCall(t);
    if (t.text === 'flow.name' || t.text === 'artifact.name' || t.text === 'artifact.fingerprint') {
      return { kind: 'context', path: t.text, offset };
    }
    const key = t.text.startsWith('flow.tags.') ? t.text.slice('flow.tags.'.length) : undefined;
    if (key !== undefined && TAG_KEY.test(key)) return { kind: 'tag', key, offset };
    if (key || t.text === 'flow.tags') {
      const problem = key ? `'${key}' is not a tag key` : "'flow.tags' needs a tag key";
      return fail(problem, 'flow.tags.<key>: letters, digits, _, . and - (not first)', t);
    }
    const context = t.text.includes('.') || t.text === 'flow' || t.text === 'artifact';
    return fail(`unknown ${context ? 'context' : 'word'} '${t.text}'`, `${CONTEXTS}, or ${FUNCTIONS}`, t);
  }

  function parseCall(name: Token): Expr {
    if (name.text !== 'exists' && name.text !== 'matches')
      fail(`unknown function '${name.text}'`, FUNCTIONS, name);
    enter(next());
    const arg = parseOr();
    let node: Expr;
    if (name.text === 'exists') {
      const operand =
        arg.kind === 'context' || arg.kind === 'tag' ? arg : fail('exists() takes a context', CONTEXTS, arg);
      node = { kind: 'exists', operand, offset: name.offset };
      expect(')', 'exists(<context>): one context');
    } else {
      const input = isValue(arg) ? arg : fail('matches() takes a value, not a condition', VALUE, arg);
      expect(',', 'matches(<value>, "<regex>")');
      const regex = next();
      if (regex.kind !== 'string') fail('the regex of matches() must be a string in quotes', REGEX, regex);
      node = { kind: 'matches', input, pattern: compiled(regex, compile), offset: name.offset };
      expect(')', 'matches(<value>, "<regex>")');
    }
    depth--;
    return node;
  }

  if (peek().kind === 'end') fail('the expression is empty', CONDITION, peek());
  const root = parseOr();
  if (peek().kind !== 'end') unexpected(peek(), "'and', 'or' or the end of the expression");
  return isValue(root) ? fail('the expression does not yield a boolean', CONDITION, root) : root;
}

function compiled(regex: Token, compile: (source: string) => Pattern): Pattern {
  try {
    return compile(regex.text);
  } catch (error) {
    if (error instanceof PatternError)
      throw new ExpressionError(`regex ${error.message}`, REGEX, regex.offset);
    throw error;
  }
}

type Scalar = string | number | null;

function read(value: Value, { flow, artifact }: ExpressionContext): Scalar | typeof UNKNOWN {
  if (value.kind === 'string' || value.kind === 'number') return value.value;
  if (value.kind === 'context' && value.path !== 'flow.name')
    return artifact[value.path === 'artifact.name' ? 'name' : 'fingerprint'];
  if (flow === null || flow === UNKNOWN) return flow;
  if (value.kind === 'context') return flow.name;
  if (flow.tags === UNKNOWN) return UNKNOWN;
  return Object.hasOwn(flow.tags, value.key) ? (flow.tags[value.key] ?? null) : null;
}

/** A string against a number is read as one when it is written as the grammar's numbers are. */
const numeric = (text: string | number) =>
  typeof text === 'number' ? text : NUMBER.test(text) ? Number(text) : NaN;

function equal(a: Scalar, b: Scalar): boolean {
  return typeof a === 'number' || typeof b === 'number'
    ? a !== null && b !== null && numeric(a) === numeric(b)
    : a === b;
}

function ordered<T extends string | number>(op: CompareOp, x: T, y: T): boolean {
  return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
}

function compare(op: CompareOp, a: Scalar, b: Scalar): boolean {
  if (op === '==' || op === '!=') return equal(a, b) === (op === '==');
  if (a === null || b === null) return false;
  return typeof a === 'string' && typeof b === 'string'
    ? ordered(op, a, b)
    : ordered(op, numeric(a), numeric(b));
}

/** Kleene's three-valued logic: UNKNOWN where the answer depends on a value the service did not give. */
export function evaluate(expr: Expr, context: ExpressionContext): boolean | typeof UNKNOWN {
  if (expr.kind === 'not') {
    const operand = evaluate(expr.operand, context);
    return operand === UNKNOWN ? UNKNOWN : !operand;
  }
  if (expr.kind === 'and' || expr.kind === 'or') {
    // `false and x` is false and `true or x` true, whatever x is.
    const decides = expr.kind === 'or';
    const left = evaluate(expr.left, context);
    const right = left === decides ? left : evaluate(expr.right, context);
    if (left === decides || right === decides) return decides;
    return left === UNKNOWN || right === UNKNOWN ? UNKNOWN : !decides;
  }
  const operand = expr.kind === 'exists' ? expr.operand : expr.kind === 'matches' ? expr.input : expr.left;
  const left = read(operand, context);
  if (left === UNKNOWN) return UNKNOWN;
  if (expr.kind === 'in') return expr.items.some((item) => equal(left, item.value));
  if (expr.kind === 'exists') return left !== null;
  if (expr.kind === 'matches')
    return left !== null && expr.pattern.test(typeof left === 'number' ? decimal(left) : left);
  const right = read(expr.right, context);
  return right === UNKNOWN ? UNKNOWN : compare(expr.op, left, right);
}

/** A number as decimal text: never in exponent form, which the grammar does not read. */
export function decimal(n: number): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(String(n));
  if (!m) return String(n);
  const [, sign = '', lead = '', rest = '', exponent = ''] = m;
  const point = 1 + Number(exponent);
  return sign + (point <= 0 ? `0.${'0'.repeat(-point)}${lead}${rest}` : (lead + rest).padEnd(point, '0'));
}

export const quote = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;
/** The contexts an expression reads: what the service must answer before a rule with it can be judged. */
export function contextsOf(expr: Expr | Value, into = new Set<ContextName>()): Set<ContextName> {
  if (expr.kind === 'context') into.add(expr.path);
  else if (expr.kind === 'tag') into.add('flow.tags');
  else if (expr.kind === 'not' || expr.kind === 'exists') contextsOf(expr.operand, into);
  else if (expr.kind === 'in') contextsOf(expr.left, into);
  else if (expr.kind === 'matches') contextsOf(expr.input, into);
  else if (expr.kind !== 'string' && expr.kind !== 'number')
    [expr.left, expr.right].forEach((n) => contextsOf(n, into));
  return into;
}
