/** report-artifact: fingerprints an artifact and reports it with its git context, as the official CLI does. */
import * as z from 'zod/mini';
import type { ComplianceClient } from '../api/client.js';
import { expectedForms, patterns, type ArtifactState, type ReportArtifactBody } from '../api/schemas.js';
import { validate } from '../api/validate.js';
import { notFoundOr } from '../compliance/lookup.js';
import { readState } from '../compliance/state.js';
import { resolveCommit } from '../context/commit.js';
import { branchOf, buildUrl, commitsFromPushEvent, commitUrl, repoInfo, repoUrl } from '../context/github.js';
import { HttpUrl, type InputReader } from '../context/inputs.js';
import { InputError } from '../errors/errors.js';
import { readArtifactSpec, resolveFingerprint } from '../runtime/artifact.js';
import { readCommon, withClient } from '../runtime/context.js';
import { deliver, reportFailure } from '../runtime/report.js';
import { defineAction, stepError, type Annotation, type StepResult } from '../runtime/step.js';
import { commitCell, stateCell } from '../summary/cells.js';
import { link, safeUrl, SummaryWriter } from '../summary/writer.js';
import { log } from '../trust/log.js';

/** A revision handed to `git`: never an option (`--output=...`), never more than one word. */
const Revision = z.string().check(z.regex(/^[^-\s]\S*$/));

export async function readInputs(inputs: InputReader, cwd: string) {
  const common = readCommon(inputs, cwd);
  const flow = inputs.requiredMatching('flow', 'flowName');
  const artifact = await readArtifactSpec(inputs, common.runner.workspace);
  const name = inputs.optional('name');
  if (artifact.type === 'fingerprint' && name === undefined) {
    throw new InputError('name', 'is required when fingerprint is given', 'the artifact name to report');
  }
  return {
    ...common,
    flow,
    artifact,
    name,
    trail: inputs.matching('trail', 'trailName'),
    templateReferenceName: inputs.matching('template-reference-name', 'templateReferenceName'),
    /** A commit SHA, or a revision for `git` to resolve; default GITHUB_SHA, else HEAD. */
    gitCommit: inputs.checked(
      'git-commit',
      Revision,
      `${expectedForms.sha1}, a tag or a branch (a revision, not an option)`,
    ),
    buildUrl: inputs.url('build-url'),
    commitUrl: inputs.url('commit-url'),
    repoUrl: inputs.url('repo-url'),
    description: inputs.optional('description'),
    annotations: inputs.keyValues('annotations', {
      re: patterns.annotationKey,
      expected: expectedForms.annotationKey,
    }),
    externalUrls: inputs.keyValues('external-urls', undefined, {
      schema: HttpUrl,
      expected: 'an absolute http(s) URL (label=https://...)',
    }),
    userData: inputs.json('user-data', common.runner.workspace),
    compliant: inputs.optional('compliant') === undefined ? undefined : inputs.boolean('compliant', false),
  };
}

type ReportArtifactInputs = Awaited<ReturnType<typeof readInputs>>;

/** What the inputs say, for the result file of a step that could not finish: never a credential. */
export function describe(inputs: ReportArtifactInputs): Record<string, unknown> {
  const { artifact } = inputs;
  return {
    dryRun: inputs.dryRun,
    flow: inputs.flow,
    artifact:
      artifact.type === 'fingerprint'
        ? { type: artifact.type, fingerprint: artifact.fingerprint }
        : artifact.type === 'file' || artifact.type === 'dir'
          ? { type: artifact.type, path: artifact.path }
          : { type: artifact.type, image: artifact.image },
    ...(inputs.name !== undefined && { filename: inputs.name }),
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.gitCommit !== undefined && { gitCommit: inputs.gitCommit }),
  };
}

/** The artifact as read back after the report: its page and state, or why they could not be read. */
interface ArtifactPage {
  htmlUrl: string | null;
  state: ArtifactState | null;
  /** Why `state` is not the service's word as given (src/compliance/state.ts). */
  stateNote?: string;
  unread?: string;
  warning?: Annotation;
}

interface ReportArtifactResult {
  dryRun: boolean;
  flow: string;
  url: string;
  fingerprint: string;
  filename: string;
  trail: string;
  gitCommit: string;
  payload: ReportArtifactBody;
  /** The service's answer; absent in a dry run and when the report was not delivered. */
  response?: unknown;
  page?: ArtifactPage;
}

async function run(inputs: ReportArtifactInputs): Promise<StepResult> {
  const { fingerprint, defaultName } = await resolveFingerprint(inputs.artifact);
  // readInputs requires `name` with a given fingerprint, the one case without a default name.
  const filename = inputs.name ?? defaultName ?? '';

  const { body: payload, annotations } = await log.group('Read the git context', () =>
    gatherPayload(inputs, fingerprint, filename),
  );
  // Everything is checked before any request: a bad combination fails here, naming the field.
  const { ReportArtifactBody } = await import('../api/schemas/report-artifact.js');
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

/** The report, gathered as the official CLI does: commit, URLs, repository, pushed commits, the extras. */
function gatherPayload(inputs: ReportArtifactInputs, fingerprint: string, filename: string) {
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

/** The artifact's page and state once reported (the 201 gives neither); a failed read is only a warning. */
async function readBack(client: ComplianceClient, flow: string, fingerprint: string): Promise<ArtifactPage> {
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

function couldNot(inputs: ReportArtifactInputs | undefined): string {
  return inputs ? `Could not report the artifact to flow ${inputs.flow}` : 'Could not report the artifact';
}

function summarize(result: ReportArtifactResult): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(result.dryRun ? 'DRY RUN: artifact not reported' : 'Artifact reported', 3);
  if (result.dryRun) {
    summary.paragraph(`Dry run: nothing was sent. The report would have gone to ${result.url}.`);
  }
  const page = result.page;
  if (page && safeUrl(page.htmlUrl)) summary.markdown(link('Open in the compliance service', page.htmlUrl));
  if (page?.unread) summary.paragraph(`Its page and state could not be read back: ${page.unread}`);
  return details(summary, result);
}

/** The report's fields, annotations and links, added to `summary`. */
function details(summary: SummaryWriter, result: ReportArtifactResult): SummaryWriter {
  const p = result.payload;
  summary.fields([
    ['Flow', result.flow],
    ['Name', result.filename],
    ['Fingerprint', { code: result.fingerprint }],
    ['Trail', result.trail],
    ['State after the report', stateCell(result.page?.state, result.page?.stateNote)],
    ['Commit', commitCell({ sha: result.gitCommit, message: p.git_commit_info?.message, url: p.commit_url })],
    ['Build', { text: 'run', href: p.build_url }],
    ['Description', p.description],
    ['Compliant', p.is_compliant?.toString()],
  ]);
  const annotations = Object.entries(p.annotations ?? {});
  if (annotations.length > 0) {
    summary.heading('Annotations', 4).table(
      ['Key', 'Value'],
      annotations.map(([key, value]) => [key, String(value)]),
    );
  }
  const urls = Object.entries(p.external_urls ?? {});
  if (urls.length > 0) {
    summary.heading('Links', 4).table(
      ['Name', 'Link'],
      urls.map(([name, url]) => {
        const href = typeof url === 'string' ? url : url.href;
        return [name, { text: href, href }];
      }),
    );
  }
  return summary;
}

export const action = defineAction({ name: 'report-artifact', read: readInputs, run, couldNot, describe });
