// A YAML file given as an input (a cluster's environments, a policy): read within bounds, parsed with positions, and
// every error naming the input, the place and the form, never the text (it may be any file).
import { readFileSync, statSync } from 'node:fs';
import { isScalar, LineCounter, parseDocument, visit, type Node, type YAMLError } from 'yaml';
import { InputError } from '../errors/errors.js';

const MAX_YAML_BYTES = 1024 * 1024;

/** The YAML parser's errors in words of our own: its messages quote the text (`Unresolved tag: !secret`). */
const YAML_PROBLEMS: Partial<Record<YAMLError['code'], string>> = {
  BAD_DQ_ESCAPE: 'a bad escape in a double-quoted string',
  BAD_INDENT: 'bad indentation',
  BAD_SCALAR_START: 'a plain value cannot start with this character',
  BLOCK_AS_IMPLICIT_KEY: 'a nested block cannot be a key',
  BLOCK_IN_FLOW: 'a block inside [ ] or { }',
  DUPLICATE_KEY: 'a key given twice in one map',
  KEY_OVER_1024_CHARS: 'a key longer than 1024 characters',
  MISSING_CHAR: 'a closing bracket, quote or separator is missing',
  MULTILINE_IMPLICIT_KEY: 'a key spread over several lines',
  MULTIPLE_DOCS: 'more than one YAML document',
  TAB_AS_INDENT: 'a tab used as indentation',
  TAG_RESOLVE_FAILED: 'an unknown tag (!name)',
  BAD_COLLECTION_TYPE: 'a tag that does not fit its value',
  UNEXPECTED_TOKEN: 'unexpected text',
};

/** The text of the YAML file at `path` (resolved by the caller); not a file, too large or unreadable: an input error. */
export function readYamlFile(input: string, path: string): string {
  let size: number | undefined;
  try {
    const info = statSync(path);
    size = info.isFile() ? info.size : undefined;
  } catch {
    size = undefined;
  }
  if (size === undefined) {
    throw new InputError(
      input,
      `${path} is not a readable file`,
      'the path of a YAML file, relative to the workspace',
    );
  }
  if (size > MAX_YAML_BYTES) {
    throw new InputError(input, `${path} is ${size} bytes`, `a file of at most ${MAX_YAML_BYTES} bytes`);
  }
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(
      input,
      `${path} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      'the path of a readable YAML file, relative to the workspace',
    );
  }
}

/**
 * One YAML document, parsed: its root, and `fail(node, problem)`, which throws the input error naming the place
 * (`<path>, line 4, column 7`) and the form. Aliases and merge keys are refused with a line, not misread.
 */
export function parseYaml(text: string, input: string, path: string | undefined, form: string) {
  const lines = new LineCounter();
  const at = (offset: number | undefined): string => {
    if (offset === undefined) return path ?? 'the YAML';
    const { line, col } = lines.linePos(offset);
    return `${path ?? 'the YAML'}, line ${line}, column ${col}`;
  };
  const where = (node: Node | null | undefined): string => at(node?.range?.[0]);
  const lineOf = (node: Node | null | undefined): string => {
    const offset = node?.range?.[0];
    return offset === undefined ? 'above' : `at line ${lines.linePos(offset).line}`;
  };
  const failAt = (offset: number | undefined, problem: string, expected = form): never => {
    throw new InputError(input, `${at(offset)}: ${problem}`, expected);
  };
  const fail = (node: Node | null | undefined, problem: string, expected = form): never =>
    failAt(node?.range?.[0], problem, expected);

  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    // Offsets, not `linePos` (only set with prettyErrors, which puts the YAML's text in the message).
    const problem = YAML_PROBLEMS[error.code] ?? error.code;
    throw new InputError(input, `${at(error.pos[0])}: not valid YAML (${problem})`, form);
  }
  const noAliases = 'aliases (*name) and merge keys (<<) are not supported here: write the value out';
  visit(doc, {
    Alias: (_key, node) => fail(node, noAliases),
    Pair(_key, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') fail(pair.key, noAliases);
    },
  });
  return { root: doc.contents, where, lineOf, fail, failAt };
}

/** A scalar as written: a plain number or boolean as its source (`namespaces: [123]`), as the CLI reads it. */
export function textOf(node: Node | null | undefined): string | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'string') return node.value;
  if (typeof node.value !== 'number' && typeof node.value !== 'boolean') return undefined;
  return typeof node.source === 'string' ? node.source : String(node.value);
}
