/**
 * preview-policy: a policy file against everything an environment runs now (its latest snapshot), and, for a pull
 * request that changes the policy, against the policy as it was: what would newly fail, and what would newly pass.
 */
import { parseFailOn, POLICY_GRADES } from '../compliance/grades.js';
import { readPolicyInput } from '../compliance/policy/input.js';
import type { Policy } from '../compliance/policy/load.js';
import {
  policyAnnotation,
  reasonsOf,
  shortName,
  policyFailure,
  policyFailures,
  sortPolicy,
  POLICY_MARK,
  POLICY_WORDS,
  wouldSentence,
  writePolicySection,
  type Judged,
  type Noun,
  type PolicyResult,
} from '../compliance/policy/report.js';
import type { InputReader } from '../context/inputs.js';
import { readCommon, withClient } from '../runtime/context.js';
import { COMMENT_WRITER_OPTIONS, readPrComment } from '../runtime/pr-comment.js';
import { defineAction, type StepResult } from '../runtime/step.js';
import { SummaryWriter, type Cell } from '../summary/writer.js';
import { log } from '../trust/log.js';
import { plural } from '../trust/text.js';

const ACTION = 'preview-policy';
const FILE_FORM = 'the path of a policy file in the v1 format, relative to the workspace';
/** The grades a preview can find; by default none fails the step: it previews. */
const FOUND = ['unknown', ...POLICY_GRADES] as const;

export async function readInputs(inputs: InputReader, cwd: string) {
  // The GitHub token first, masked before any other input can fail with a message.
  const githubToken = inputs.secret('github-token');
  const common = readCommon(inputs, cwd);
  const environment = inputs.requiredMatching('environment', 'envName');
  inputs.required('policy', FILE_FORM);
  const policy = (await readPolicyInput(inputs, common.runner.workspace)) as Policy;
  const basePolicy = await readPolicyInput(inputs, common.runner.workspace, 'base-policy');
  const listed = parseFailOn(inputs.raw('fail-on'), FOUND, true);
  return {
    ...common,
    environment,
    policy,
    basePolicy,
    failOn: { grades: listed ?? [], input: listed === undefined ? undefined : 'fail-on' },
    prComment: readPrComment(inputs, common, githubToken),
  };
}

type PreviewInputs = Awaited<ReturnType<typeof readInputs>>;

/** An artifact whose verdict the change of policy changes: `was` as the base policy judged it. */
interface Change {
  artifact: Judged;
  before: Judged['verdict'];
  was?: Judged;
}

async function run(inputs: PreviewInputs): Promise<StepResult> {
  const { environment: env } = inputs;
  return withClient(inputs.connection, async (client) => {
    // API v2 lists an environment's artifacts only in a diff: the latest snapshot with itself, all in not-changed.
    const url = client.urlFor('diffEnvironments', {}, { snappish1: env, snappish2: env });
    const diff = await log.group(`Read what ${env} runs`, async () => {
      log.info(`GET ${url}`);
      return client.diffEnvironments(env, env);
    });
    const ids = [diff.snappish1.snapshot_id, diff.snappish2.snapshot_id];
    const snapshot = ids[0] && ids[0] === ids[1] ? ids[0] : null;
    const groups = [diff['not-changed'], diff.changed, diff.snappish1, diff.snappish2];
    const running = groups.flatMap((g) => g.artifacts);
    const policies = inputs.basePolicy ? [inputs.policy, inputs.basePolicy] : [inputs.policy];
    const { diffSubject, judgeArtifacts, keyOf } = await import('../compliance/policy/judge.js');
    const [now, base] = await log.group(
      `Check ${running.length} ${plural(running.length, 'artifact')} against the policy`,
      () => judgeArtifacts(client, running.map(diffSubject), policies),
    );
    const changes = base && changesOf(now as PolicyResult, base, keyOf);
    return step({ inputs, url, snapshot, now: now as PolicyResult, base, changes });
  });
}

/** What would newly fail, and newly pass, against the base policy: by flow and fingerprint. */
function changesOf(now: PolicyResult, base: PolicyResult, key: (j: Judged) => string) {
  const before = new Map(base.artifacts.map((j) => [key(j), j]));
  const changes = now.artifacts.flatMap((artifact): Change[] => {
    const was = before.get(key(artifact));
    const verdict = was?.verdict ?? 'unknown';
    return verdict === artifact.verdict ? [] : [{ artifact, before: verdict, ...(was && { was }) }];
  });
  return {
    failing: changes.filter((c) => c.artifact.verdict === 'fail'),
    passing: changes.filter((c) => c.artifact.verdict === 'pass'),
    all: changes,
  };
}

/** What the preview found: the policy now and, given a base policy, the base and what changes. */
interface Preview {
  inputs: PreviewInputs;
  url: string;
  snapshot: string | null;
  now: PolicyResult;
  base: PolicyResult | undefined;
  changes: ReturnType<typeof changesOf> | undefined;
}

/** What the policy judges: `artifact in production`, `artifacts in production`. */
const artifactsIn = (env: string): Noun => ({ one: `artifact in ${env}`, many: `artifacts in ${env}` });

function step(preview: Preview): StepResult {
  const { inputs, url, snapshot, now, base, changes } = preview;
  const { findings, sorted } = sortPolicy(now, inputs.failOn);
  // A gate on a snapshot the answer does not name could not check what runs.
  const unconfirmed = snapshot === null && inputs.failOn.grades.length > 0;
  const failure = unconfirmed
    ? `fail-on: could not check. The answer does not name the snapshot of ${inputs.environment} it lists.`
    : sorted.fail.length > 0
      ? policyFailure(sorted.fail, now, artifactsIn(inputs.environment))
      : undefined;
  const change = (c: Change) => ({
    name: c.artifact.name,
    fingerprint: c.artifact.fingerprint,
    before: c.before,
    after: c.artifact.verdict,
  });
  const result = {
    environment: inputs.environment,
    snapshot,
    url,
    failOn: inputs.failOn.grades,
    wouldFail: findings.length > 0 || snapshot === null,
    policy: now,
    ...(base && { basePolicy: base }),
    ...(changes && { changes: changes.all.map(change) }),
  };
  const annotations = sorted.fail.map(policyAnnotation('error'));
  return {
    outcome: unconfirmed ? 'error' : now.verdict,
    outputs: {
      'policy-verdict': now.verdict,
      'policy-failures': policyFailures(now.artifacts),
      count: now.artifacts.length,
      failing: now.counts.fail,
      ...(changes && {
        'newly-failing': changes.failing.map(change),
        'newly-passing': changes.passing.map(change),
      }),
      'snapshot-id': snapshot ?? '',
      'would-fail': result.wouldFail,
    },
    result,
    summary: report(preview),
    comment: {
      key: `${ACTION}/${inputs.environment}/${inputs.policy.file}`,
      body: () => report(preview, COMMENT_WRITER_OPTIONS).toString(),
    },
    ...(annotations.length > 0 && { annotations }),
    ...(failure !== undefined && { failure }),
  };
}

/** The preview, verdict first: "With this policy, 3 of 41 artifacts in production would fail". */
function report(
  { inputs, snapshot, now, base, changes }: Preview,
  options: ConstructorParameters<typeof SummaryWriter>[0] = {},
): SummaryWriter {
  const summary = new SummaryWriter(options);
  const { environment: env } = inputs;
  const verdict = wouldSentence(now.counts, now.file, artifactsIn(env));
  summary.heading(`${POLICY_MARK[now.verdict]} ${verdict}`, 3);
  summary.paragraph(
    snapshot === null
      ? `The answer does not name the snapshot of ${env} it lists: not confirmed to be what runs now.`
      : `What runs in ${snapshot}, the latest snapshot of ${env}.`,
  );
  if (base && changes) {
    const counted = [
      `${changes.failing.length} would newly fail`,
      `${changes.passing.length} would newly pass`,
      ...(changes.all.length > changes.failing.length + changes.passing.length
        ? [`${changes.all.length - changes.failing.length - changes.passing.length} change otherwise`]
        : []),
    ].join(', ');
    summary.paragraph(`Compared with ${base.file}: ${counted}.`);
    if (changes.all.length > 0) {
      summary.table(
        ['Artifact', 'Before', 'With this policy', 'Why'],
        changes.all.map((c): Cell[] => [
          shortName(c.artifact),
          POLICY_WORDS[c.before],
          POLICY_WORDS[c.artifact.verdict],
          whyChanged(c),
        ]),
      );
    }
  }
  return writePolicySection(summary, now.artifacts, now);
}

/** Why a verdict changed: what now fails or cannot be told, or for a pass, what failed before. */
function whyChanged(c: Change): string {
  if (c.artifact.verdict !== 'pass') return reasonsOf(c.artifact);
  const before = c.was ? reasonsOf(c.was) : '';
  return before === '' ? 'passes every rule that applies' : `no longer fails ${before}`;
}

export const action = defineAction({
  name: 'preview-policy',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not preview the policy of ${inputs.environment}` : 'Could not preview the policy',
  describe: (inputs) => ({ environment: inputs.environment, policy: inputs.policy.file }),
  onError: { outputs: { 'would-fail': true }, result: { wouldFail: true } },
});
