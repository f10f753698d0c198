/**
 * A step of the demo (`npm start`) as a workflow has it, and its outcome with a mark that matches it: the YAML of the
 * `uses:` step that runs it, written from the very inputs the demo passes (the connection's URL and token shown as
 * the expressions a workflow takes them from, never the token's value), and ✔, ⚠ or ✖ by what the step itself
 * reports, whatever the demo expected of it.
 */
import { readFileSync } from 'node:fs';
import { Document, isMap, isScalar } from 'yaml';

interface PackageJson {
  version?: string;
  repository?: string | { url?: string };
}

/**
 * The owner of the repository on GitHub, as package.json's `repository` names it (the one variable a release fills:
 * `npm run release:prepare -- --owner`); `<owner>`, the placeholder the README writes, until then.
 */
export function ownerOf(packageJson: string): string {
  const { repository } = JSON.parse(packageJson) as PackageJson;
  const url = typeof repository === 'string' ? repository : repository?.url;
  return /github\.com[/:]([^/]+)\/compliance-actions(?:\.git)?$/.exec(url ?? '')?.[1] ?? '<owner>';
}

/** The major tag a workflow pins (`v0` for 0.x), from package.json's version. */
export function majorOf(packageJson: string): string {
  const { version } = JSON.parse(packageJson) as PackageJson;
  return `v${/^(\d+)\./.exec(version ?? '')?.[1] ?? '0'}`;
}

const PACKAGE_JSON = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
export const OWNER = ownerOf(PACKAGE_JSON);
export const MAJOR = majorOf(PACKAGE_JSON);

/** `uses:` of an action: the root action.yml is setup, each other is under actions/. */
function usesOf(action: string): string {
  return action === 'setup'
    ? `${OWNER}/compliance-actions@${MAJOR}`
    : `${OWNER}/compliance-actions/actions/${action}@${MAJOR}`;
}

/** An input shown as a workflow writes it rather than as passed here: an expression, and what it stands for here. */
interface Shown {
  expression: string;
  /** A comment on its line: what the demo passed instead. */
  here: string;
}

interface WorkflowStepOptions {
  action: string;
  /** The step's `id:`, when a later step refers to its outputs. */
  id?: string;
  /** Exactly the inputs the demo passes (`with:`). */
  inputs: Record<string, string>;
  /** Inputs shown as expressions (the API URL and token). */
  shown?: Record<string, Shown>;
  /** A comment on an input's line (e.g. which step's output it is). */
  notes?: Record<string, string>;
  /** Values that must never be printed (the token): a step that would show one is refused. */
  secrets?: string[];
}

/**
 * An input's value as a workflow writes it. GitHub passes every `with:` value to the step as a string, so `false`
 * and `3` may stand unquoted (a workflow writes them so); any other text stays a string.
 */
function scalar(value: string): string | boolean | number {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^(0|[1-9]\d{0,14})$/.test(value)) return Number(value);
  return value;
}

/** The step as YAML: a one-item list (`- uses: ...`), ready to paste under a job's `steps:`. */
export function workflowStepYaml(options: WorkflowStepOptions): string {
  const withs: Record<string, string | boolean | number> = {};
  for (const [name, value] of Object.entries(options.inputs)) {
    withs[name] = options.shown?.[name]?.expression ?? scalar(value);
  }
  const step: Record<string, unknown> = {
    ...(options.id !== undefined && { id: options.id }),
    uses: usesOf(options.action),
    ...(Object.keys(withs).length > 0 && { with: withs }),
  };
  const doc = new Document([step]);
  const withNode = doc.getIn([0, 'with'], true);
  if (isMap(withNode)) {
    for (const pair of withNode.items) {
      const name = isScalar(pair.key) ? String(pair.key.value) : '';
      const comment = options.shown?.[name]?.here ?? options.notes?.[name];
      if (comment !== undefined && isScalar(pair.value)) pair.value.comment = ` ${comment}`;
    }
  }
  const yaml = doc.toString({ lineWidth: 0 });
  for (const secret of options.secrets ?? []) {
    if (secret !== '' && yaml.includes(secret))
      throw new Error(`the step of ${options.action} would print a secret`);
  }
  return yaml.trimEnd();
}

export type Mark = '✔' | '⚠' | '✖';

/** Outcomes that are a pass: the step did what it is for and found nothing wrong. */
const PASSES = new Set([
  'passed',
  'reported',
  'compliant',
  'found',
  'listed',
  'healthy',
  'same',
  'different',
  'pass',
]);

export interface Verdict {
  mark: Mark;
  /** The step's `outcome` output; for a step without one (setup), `passed` or `failed` by its exit. */
  outcome: string;
  /** Its `would-fail` output is true: a gate on every grade would have failed it. */
  wouldFail: boolean;
}

/**
 * The step's own verdict: ✖ when it failed (its exit, or outcome `error`), ⚠ when it ran to the end but found a
 * problem (non-compliant, not found, failing, skipped, dry run, or would fail as a gate), ✔ only for a pass. What the
 * demo expected does not enter: a non-compliant outcome the demo meant to show is still ⚠.
 */
export function verdictOf(code: number | null, outputs: Record<string, string>): Verdict {
  const outcome = outputs.outcome ?? (code === 0 ? 'passed' : 'failed');
  const wouldFail = outputs['would-fail'] === 'true';
  const mark: Mark =
    code !== 0 || outcome === 'error' || outcome === 'failed'
      ? '✖'
      : PASSES.has(outcome) && !wouldFail
        ? '✔'
        : '⚠';
  return { mark, outcome, wouldFail };
}

/** The verdict in words: `non-compliant`, `different, would fail as a gate`. */
export function verdictText({ outcome, wouldFail }: Verdict): string {
  return wouldFail && PASSES.has(outcome) ? `${outcome}, would fail as a gate` : outcome;
}
