/**
 * get-artifact, running: reads each artifact (fingerprinted first), judges it, renders it, and fails the step after
 * everything was written; one item that cannot be checked does not stop the others.
 */
import type { ComplianceClient } from '../../api/client.js';
import { mapBounded } from '../../api/pagination.js';
import type { Artifact } from '../../api/schemas.js';
import { decide } from '../../compliance/decide.js';
import { ARTIFACTS, fails, failOnSentence } from '../../compliance/grades.js';
import { LOOKUP_CONCURRENCY, lookUpArtifact, stepWide } from '../../compliance/lookup.js';
import { joinPolicy, policyLead, type PolicyResult } from '../../compliance/policy/report.js';
import { fingerprintArtifact } from '../../fingerprint/artifact.js';
import { resolveFingerprint } from '../../runtime/artifact.js';
import { withClient } from '../../runtime/context.js';
import { stepError, type Annotation, type StepResult } from '../../runtime/step.js';
import type { SummaryWriter } from '../../summary/writer.js';
import { log } from '../../trust/log.js';
import { plural } from '../../trust/text.js';
import {
  gradeOf,
  itemGrade,
  judge,
  notChecked,
  sortItems,
  trailNotConfirmed,
  worstOutcome,
} from './decide.js';
import type { GetArtifactInputs, GetArtifactResult, ItemResult } from './inputs.js';
import {
  describeItem,
  failureOf,
  notFoundMessage,
  summarize,
  summarizeMany,
  trippedMessage,
} from './render.js';

export async function run(inputs: GetArtifactInputs): Promise<StepResult> {
  // Several items (lines, or a glob): one table and the lists; one item: the outputs as they always were.
  if (inputs.many) return runMany(inputs);
  const read = await readArtifact(inputs);
  const { outcome: decided, attestations, problems, ...verdict } = decide(read.artifact);
  const { artifact } = read;
  const notConfirmed = artifact && trailNotConfirmed(inputs.trail, artifact);
  const grade = gradeOf({ ...verdict, notConfirmed });
  const result: GetArtifactResult = {
    flow: inputs.flow,
    fingerprint: read.fingerprint,
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
    url: read.url,
    ...verdict,
    htmlUrl: artifact?.html_url ?? null,
    stateInfo: artifact?.state_info ?? null,
    attestations,
    problems,
    assertCompliant: inputs.assertCompliant,
    failOn: inputs.failOn.grades,
    ...(inputs.failOn.input !== undefined && { gate: inputs.failOn.input }),
    grade: grade ?? null,
    wouldFail: grade !== undefined,
    ...(notConfirmed !== undefined && { notConfirmed }),
    ...(artifact && { artifact }),
  };
  const failing = grade !== undefined && fails(inputs.failOn, grade);
  const label = inputs.failOn.input ?? 'assert-compliant';
  // The gate cannot pass, nor trip, on an artifact not shown to be the trail's: could not check.
  const unchecked = notConfirmed !== undefined && failing;
  // A grade not in fail-on: a warning where the step is a gate (or for a not-found, which only a gate lets pass).
  const says = (message: string) => {
    if (failing) result.failure = message;
    else if (result.gate !== undefined || read.notFound) result.warning = message;
  };
  if (read.notFound) says(notFoundMessage(inputs, read.fingerprint, read.notFound));
  else if (unchecked) result.failure = `${label}: could not check. ${notConfirmed}`;
  else if (notConfirmed !== undefined) says(`${label}: ${notConfirmed}`);
  else if (grade !== undefined) says(trippedMessage(result, label));
  else if (result.gate !== undefined) log.info(`${label}: the artifact is COMPLIANT.`);

  const step: StepResult = {
    outcome: unchecked ? 'error' : decided,
    outputs: {
      found: result.found,
      state: result.state ?? '',
      // Not confirmed to be the trail's, never compliant for a later step that gates on this output alone.
      compliant: result.compliant && notConfirmed === undefined,
      'html-url': result.htmlUrl ?? '',
      'would-fail': result.wouldFail,
    },
    result: {
      ...result,
      ...(unchecked && { compliant: false, error: { kind: 'unexpected-response', message: result.failure } }),
    },
    summary: summarize(result, read.policy && policyLeadOf(read.policy)),
    ...(result.failure !== undefined && { failure: result.failure }),
    ...(result.warning !== undefined && { annotations: [{ level: 'warning', message: result.warning }] }),
  };
  return read.policy ? joinPolicy(step, read.policy, inputs.failOn) : step;
}

/** The summary's lead: the policy's verdict; with nothing found, that nothing was checked against it, never a pass. */
function policyLeadOf(policy: PolicyResult) {
  const name = `the policy ${policy.file}`;
  if (policy.artifacts.length > 0) return policyLead(policy, name);
  return (summary: SummaryWriter) =>
    void summary.paragraph(`No artifact found: none was checked against ${name}.`);
}

/** The policy on the artifacts found in the flow (one not found is missing, which fails on its own). */
async function judgeRead(
  client: ComplianceClient,
  inputs: GetArtifactInputs,
  found: Artifact[],
): Promise<PolicyResult | undefined> {
  const { policy } = inputs;
  if (policy === undefined) return undefined;
  const { judgeArtifacts } = await import('../../compliance/policy/judge.js');
  const subjects = found.map((a) => ({
    name: a.filename,
    fingerprint: a.fingerprint,
    flow: inputs.flow,
    url: a.html_url ?? null,
  }));
  const [judged] = (await judgeArtifacts(client, subjects, [policy])) as [PolicyResult];
  // Nothing found, nothing judged: the policy's verdict is not known, never a pass a later step could gate on.
  return judged.artifacts.length === 0 ? { ...judged, verdict: 'unknown' } : judged;
}

function queryOf(inputs: GetArtifactInputs) {
  return {
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
  };
}

async function readArtifact(inputs: GetArtifactInputs) {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  const query = queryOf(inputs);
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('getArtifact', { flow_name: inputs.flow, fingerprint }, query);
    const found = await log.group(`Read the artifact from flow ${inputs.flow}`, async () => {
      const found = await lookUpArtifact(client, inputs.flow, fingerprint, query);
      log.info(
        found.notFound
          ? `No artifact with fingerprint ${fingerprint}.`
          : `${found.artifact.filename} (${fingerprint}): ${found.artifact.state ?? 'no state'}`,
      );
      return found;
    });
    const policy = await judgeRead(client, inputs, found.artifact ? [found.artifact] : []);
    return { fingerprint, url, ...found, policy };
  });
}

async function runMany(inputs: GetArtifactInputs): Promise<StepResult> {
  const query = queryOf(inputs);
  // Every item is fingerprinted before the client exists: the step's time budget is the service's, and hashing a
  // release of large files must not spend it.
  const artifacts = `${inputs.items.length} ${plural(inputs.items.length, 'artifact')}`;
  const hashed = await log.group(`Fingerprint ${artifacts}`, () =>
    mapBounded(inputs.items, LOOKUP_CONCURRENCY, async (item) => {
      try {
        const { fingerprint } = await fingerprintArtifact(item.spec);
        return { item, fingerprint };
      } catch (error) {
        // One item that cannot be fingerprinted is "could not check"; the others go on.
        const why = stepError(error);
        log.info(`${item.name}: could not fingerprint: ${why.message}`);
        return { item, error: why };
      }
    }),
  );
  const found = new Map<string, Artifact>();
  const { items, policy } = await withClient(inputs.connection, async (client) => {
    const items = await log.group(`Check ${artifacts} in flow ${inputs.flow}`, () =>
      mapBounded(hashed, LOOKUP_CONCURRENCY, async ({ item, fingerprint, error }): Promise<ItemResult> => {
        if (fingerprint === undefined) return notChecked(item, undefined, error);
        try {
          const lookup = await lookUpArtifact(client, inputs.flow, fingerprint, query);
          if (lookup.artifact) found.set(fingerprint, lookup.artifact);
          const result = judge(inputs, item, fingerprint, lookup);
          log.info(`${item.name}  ${fingerprint.slice(0, 12)}  ${result.outcome}`);
          return result;
        } catch (failure) {
          // What fails every item alike (the token, the org or flow, the service down, the time budget) fails the
          // step once, with the usual next step, not N times.
          if (stepWide(failure)) throw failure;
          const why = stepError(failure);
          log.info(`${item.name}: could not check: ${why.message}`);
          return notChecked(item, fingerprint, why);
        }
      }),
    );
    return { items, policy: await judgeRead(client, inputs, [...found.values()]) };
  });
  const step = manyStep(inputs, items, policy && policyLeadOf(policy));
  return policy ? joinPolicy(step, policy, inputs.failOn) : step;
}

/** The step of many items: the worst outcome, the lists, the summary, and the failure naming the items. */
export function manyStep(
  inputs: Pick<GetArtifactInputs, 'flow' | 'assertCompliant' | 'failOn'>,
  items: ItemResult[],
  lead?: (summary: SummaryWriter) => void,
): StepResult {
  const outcome = worstOutcome(items);
  const sorted = sortItems(items, inputs.failOn);
  // Only a gate warns of what it found and does not fail on; a step that only reads shows it.
  const warned = inputs.failOn.input === undefined ? [] : sorted.warn;
  const entry = (item: ItemResult) => ({
    name: item.name,
    fingerprint: item.fingerprint ?? null,
    state: item.outcome === 'error' ? 'NOT-CHECKED' : item.state,
  });
  // An item that could not be checked is listed as not compliant: a script reading only the list fails closed.
  const nonCompliant = items.filter((i) => i.outcome === 'non-compliant' || i.outcome === 'error');
  const failure = failureOf(inputs, items, sorted.fail);
  const graded =
    inputs.failOn.input === undefined
      ? ''
      : failOnSentence(inputs.failOn, sorted, (item) => itemGrade(item) ?? 'unknown', ARTIFACTS);
  // The items that failed the step (errors), then those a gate only warns of.
  const annotations = [
    ...sorted.fail.map((item) => annotation('error', item)),
    ...warned.map((item) => annotation('warning', item)),
  ];
  return {
    outcome,
    outputs: {
      count: items.length,
      compliant: items.every((i) => i.compliant),
      'non-compliant': nonCompliant.map(entry),
      'not-found': items.filter((i) => i.outcome === 'not-found').map(entry),
      'would-fail': sorted.wouldFail,
    },
    result: {
      flow: inputs.flow,
      assertCompliant: inputs.assertCompliant,
      failOn: inputs.failOn.grades,
      wouldFail: sorted.wouldFail,
      count: items.length,
      items: items.map((item) => {
        const grade = itemGrade(item);
        return grade === undefined ? item : { ...item, grade };
      }),
    },
    summary: summarizeMany(inputs.flow, items, failure, graded, lead),
    ...(failure !== undefined && { failure }),
    ...(annotations.length > 0 && { annotations }),
  };
}

function annotation(level: Annotation['level'], item: ItemResult): Annotation {
  return { level, title: `Artifact ${item.name}`, message: describeItem(item) };
}
