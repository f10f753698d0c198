/**
 * report-artifact's run: fingerprints the artifact (or takes the given fingerprint), gathers the report the way the
 * official CLI does, and sends it; a dry run sends nothing and keeps the payload.
 */
import { log } from '../../trust/log.js';
import type { ComplianceClient } from '../../api/client.js';
import type { ReportArtifactBody } from '../../api/schemas.js';
import { validate } from '../../api/validate.js';
import { notFoundOr } from '../../compliance/lookup.js';
import { readState } from '../../compliance/state.js';
import { resolveCommit } from '../../context/commit.js';
import {
  branchOf,
  buildUrl,
  commitsFromPushEvent,
  commitUrl,
  repoInfo,
  repoUrl,
} from '../../context/github.js';
import { InputError } from '../../errors/errors.js';
import { resolveFingerprint } from '../../runtime/artifact.js';
import { withClient } from '../../runtime/context.js';
import { deliver, reportFailure } from '../../runtime/report.js';
import { stepError, type Annotation, type StepResult } from '../../runtime/step.js';
import type { ReportArtifactInputs } from './inputs.js';
import { details, summarize } from './render.js';
import type { ArtifactPage, GatheredPayload, ReportArtifactResult } from './types.js';

export async function run(inputs: ReportArtifactInputs): Promise<StepResult> {
  const { fingerprint, defaultName } = await resolveFingerprint(inputs.artifact);
  // readInputs requires `name` with a given fingerprint, the one case without a default name.
  const filename = inputs.name ?? defaultName ?? '';

  const { body: payload, annotations } = await log.group('Read the git context', () =>
    gatherPayload(inputs, fingerprint, filename),
  );
  // Everything is checked before any request: a bad combination fails here, naming the field.
  const { ReportArtifactBody } = await import('../../api/schemas/report-artifact.js');
  validate(ReportArtifactBody, payload, 'body');
  const trail = payload.trail_name ?? '';
  const gitCommit = payload.git_commit ?? '';

  // What was gathered, for a step that fails after gathering it: nothing is lost, its warnings included.
  const gathered: { result?: ReportArtifactResult } = {};
  try {
    return await withClient(inputs.connection, async (client) => {
      const result: ReportArtifactResult = {
        dryRun: inputs.dryRun,
        flow: inputs.flow,
        url: client.urlFor('reportArtifact', { flow_name: inputs.flow }),
        fingerprint,
        filename,
        trail,
        gitCommit,
        payload,
      };
      gathered.result = result;
      const outputs = { fingerprint, filename, trail, 'git-commit': gitCommit };
      if (inputs.dryRun) {
        log.info(`DRY RUN: would POST ${result.url}`);
        log.block(JSON.stringify(payload, null, 2));
        return {
          outcome: 'dry-run',
          outputs,
          result: { ...result },
          summary: summarize(result),
          annotations,
          payload,
        };
      }
      const response = await log.group(`Report to ${inputs.flow}`, async () => {
        const answer = await deliver(payload, () => client.reportArtifact(inputs.flow, payload));
        log.info(`Reported ${filename} (${fingerprint}) to flow '${inputs.flow}', trail '${trail}'.`);
        // The answer as the service sent it (null for none): the result file keeps it.
        return answer.body ?? null;
      });
      const page = await readBack(client, inputs.flow, fingerprint);
      const reported: ReportArtifactResult = { ...result, response, page };
      return {
        outcome: 'reported',
        outputs: { ...outputs, 'html-url': page.htmlUrl ?? '', state: page.state ?? '' },
        result: { ...reported },
        summary: summarize(reported),
        annotations: [...annotations, ...(page.warning ? [page.warning] : [])],
      };
    });
  } catch (error) {
    // Whatever fails after the git context was read keeps it and the warnings about it.
    throw reportFailure(error, gathered.result, annotations, details);
  }
}

/**
 * The report of an artifact, gathered the way the official CLI does: the commit from the checked-out repository (else
 * the push event), the build and commit URLs, the repository, the pushed commits and the inputs' extras.
 */
export function gatherPayload(
  inputs: ReportArtifactInputs,
  fingerprint: string,
  filename: string,
): GatheredPayload {
  const { github } = inputs.runner;
  const branch = branchOf(github);
  const info = resolveCommit(inputs.runner, inputs.gitCommit, branch, (sha) => commitLink(inputs, sha));
  const sha = info.sha1;
  const build = inputs.buildUrl ?? buildUrl(github);
  if (build === undefined) {
    throw new InputError(
      'build-url',
      'is required outside GitHub Actions (no GITHUB_REPOSITORY and GITHUB_RUN_ID)',
      'the URL of this build',
    );
  }
  const commit = commitLink(inputs, sha) ?? info.commit?.url;
  if (commit === undefined) {
    throw new InputError(
      'commit-url',
      'is required outside GitHub Actions (no GITHUB_REPOSITORY)',
      'the URL of the commit',
    );
  }
  const repo = repoInfo(github);
  const repository = inputs.repoUrl ?? repoUrl(github);
  const pushed = commitsFromPushEvent(inputs.runner.event, branch);
  const body: ReportArtifactBody = {
    fingerprint,
    filename,
    build_url: build,
    commit_url: commit,
    trail_name: inputs.trail ?? sha,
    git_commit: sha,
    ...(info.commit && { git_commit_info: info.commit }),
    ...(repo && { repo_info: repo }),
    ...(pushed.length > 0 && { commits_list: pushed }),
    ...(repository !== undefined && { repo_url: repository }),
    ...(inputs.templateReferenceName !== undefined && {
      template_reference_name: inputs.templateReferenceName,
    }),
    ...(inputs.description !== undefined && { description: inputs.description }),
    ...(inputs.compliant !== undefined && { is_compliant: inputs.compliant }),
    ...(Object.keys(inputs.annotations).length > 0 && { annotations: inputs.annotations }),
    ...(Object.keys(inputs.externalUrls).length > 0 && { external_urls: inputs.externalUrls }),
    ...(inputs.userData !== undefined && { user_data: inputs.userData }),
  };
  const annotations: Annotation[] =
    info.warning === undefined ? [] : [{ level: 'warning', message: info.warning }];
  return { body, annotations };
}

/** The `commit-url` input, else the commit on GitHub. */
function commitLink(inputs: ReportArtifactInputs, sha: string): string | undefined {
  return inputs.commitUrl ?? commitUrl(inputs.runner.github, sha);
}

/**
 * The artifact as the service shows it once reported: its page and compliance state (the 201 answer gives neither).
 * The report is done: a read that fails is a warning, never the step's failure, and never a state.
 */
async function readBack(
  client: ComplianceClient,
  flow: string,
  fingerprint: string,
): Promise<ArtifactPage & { warning?: Annotation }> {
  const unread = (why: string) => {
    const message = `Reported, but the artifact could not be read back for its page and state: ${why}`;
    return { htmlUrl: null, state: null, unread: why, warning: { level: 'warning' as const, message } };
  };
  try {
    const found = await notFoundOr(() => client.getReportedArtifact(flow, fingerprint));
    if (found.notFound) return unread('the service answered 404 for it');
    const { html_url: htmlUrl } = found.artifact;
    const { state, note } = readState(found.artifact.state, found.artifact.is_compliant);
    log.info(
      `Its state after the report: ${state ?? 'none given'}${note ? ` (${note})` : ''}` +
        `${htmlUrl ? `; its page: ${htmlUrl}` : ''}.`,
    );
    return { htmlUrl: htmlUrl ?? null, state, ...(note !== undefined && { stateNote: note }) };
  } catch (error) {
    return unread(stepError(error).message);
  }
}
