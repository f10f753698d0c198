/**
 * report-artifact: fingerprints an artifact (or takes a given fingerprint), gathers the git and GitHub context the
 * way the official CLI does, and reports it to a flow (POST /artifacts/{org}/{flow}).
 */
import { log } from '../../trust/log.js';
import { InputError, validate } from '../../api/index.js';
import { expectedForms, patterns, ReportArtifactBody, type GitCommitInput } from '../../api/schemas.js';
import { readCommit } from '../../context/git.js';
import {
  branchOf,
  buildUrl,
  commitFromEvent,
  commitsFromPushEvent,
  commitUrl,
  repoInfo,
  repoUrl,
} from '../../context/github.js';
import type { InputReader } from '../../context/inputs.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpec, resolveFingerprint } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { deliver, setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import { escapeText, link, SummaryWriter } from '../../summary/writer.js';

const ACTION = 'report-artifact';

export interface ReportArtifactInputs extends CommonInputs {
  flow: string;
  artifact: ArtifactSpec;
  name: string | undefined;
  trail: string | undefined;
  templateReferenceName: string | undefined;
  /** A commit SHA, or a revision for `git` to resolve; default GITHUB_SHA, else HEAD. */
  gitCommit: string | undefined;
  buildUrl: string | undefined;
  commitUrl: string | undefined;
  repoUrl: string | undefined;
  description: string | undefined;
  annotations: Record<string, string>;
  externalUrls: Record<string, string>;
  userData: unknown;
  compliant: boolean | undefined;
  dryRun: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): ReportArtifactInputs {
  const common = readCommon(inputs, cwd);
  const flow = inputs.requiredMatching('flow', 'flowName');
  const artifact = readArtifactSpec(inputs, common.runner.workspace);
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
    gitCommit: revision(inputs),
    buildUrl: url(inputs, 'build-url'),
    commitUrl: url(inputs, 'commit-url'),
    repoUrl: url(inputs, 'repo-url'),
    description: inputs.optional('description'),
    annotations: inputs.keyValues('annotations', {
      re: patterns.annotationKey,
      expected: expectedForms.annotationKey,
    }),
    externalUrls: Object.fromEntries(
      Object.entries(inputs.keyValues('external-urls')).map(([label, href]) => {
        if (!isHttpUrl(href)) {
          throw new InputError(
            'external-urls',
            `the URL of '${label}' is not an http(s) URL: '${href}'`,
            'label=https://...',
          );
        }
        return [label, href];
      }),
    ),
    userData: inputs.json('user-data', common.runner.workspace),
    compliant: inputs.optional('compliant') === undefined ? undefined : inputs.boolean('compliant', false),
    dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
  };
}

function revision(inputs: InputReader): string | undefined {
  const value = inputs.optional('git-commit');
  if (value !== undefined && (value.startsWith('-') || /\s/.test(value))) {
    throw new InputError(
      'git-commit',
      `'${value}' is not a revision`,
      `${expectedForms.sha1}, a tag or a branch`,
    );
  }
  return value;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}

function url(inputs: InputReader, name: string): string | undefined {
  const value = inputs.optional(name);
  if (value !== undefined && !isHttpUrl(value)) {
    throw new InputError(name, `'${value}' is not an http(s) URL`, 'an absolute URL such as https://...');
  }
  return value;
}

export interface ReportArtifactResult {
  dryRun: boolean;
  flow: string;
  url: string;
  fingerprint: string;
  filename: string;
  trail: string;
  gitCommit: string;
  payload: ReportArtifactBody;
  /** The service's answer; absent in a dry run. */
  response?: unknown;
}

export async function run(inputs: ReportArtifactInputs): Promise<ReportArtifactResult> {
  const { fingerprint, defaultName } = await resolveFingerprint(inputs.artifact);
  // readInputs requires `name` with a given fingerprint, the one case without a default name.
  const filename = inputs.name ?? defaultName ?? '';

  const payload = await log.group('Read the git context', () => gatherPayload(inputs, fingerprint, filename));
  // Everything is checked before any request: a bad combination fails here, naming the field.
  validate(ReportArtifactBody, payload, 'body');
  const trail = payload.trail_name ?? '';
  const gitCommit = payload.git_commit ?? '';

  return withClient(inputs.connection, async (client) => {
    const target = client.urlFor('reportArtifact', { flow_name: inputs.flow });
    let response: unknown;
    if (inputs.dryRun) {
      log.info(`DRY RUN: would POST ${target}`);
      log.block(JSON.stringify(payload, null, 2));
    } else {
      response = await log.group(`Report to ${inputs.flow}`, async () => {
        const answer = await deliver(inputs.runner, ACTION, payload, () =>
          client.reportArtifact(inputs.flow, payload),
        );
        log.info(`Reported ${filename} (${fingerprint}) to flow '${inputs.flow}', trail '${trail}'.`);
        return answer;
      });
    }
    const result: ReportArtifactResult = {
      dryRun: inputs.dryRun,
      flow: inputs.flow,
      url: target,
      fingerprint,
      filename,
      trail,
      gitCommit,
      payload,
      ...(response !== undefined && { response }),
    };
    setOutputs({ fingerprint, filename, trail, 'git-commit': gitCommit });
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.summary) await summarize(result).write(inputs.runner.summaryFile);
    return result;
  });
}

async function gatherPayload(
  inputs: ReportArtifactInputs,
  fingerprint: string,
  filename: string,
): Promise<ReportArtifactBody> {
  const { github } = inputs.runner;
  const branch = branchOf(github);
  const info = await commitInfo(inputs, branch);
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
  return body;
}

/** The `commit-url` input, else the commit on GitHub. */
function commitLink(inputs: ReportArtifactInputs, sha: string): string | undefined {
  return inputs.commitUrl ?? commitUrl(inputs.runner.github, sha);
}

interface CommitInfo {
  sha1: string;
  /** Undefined when neither git nor the event knows the commit. */
  commit: GitCommitInput | undefined;
}

/** From the checked-out repository, else the push event's head commit, else the SHA alone (with a warning). */
async function commitInfo(inputs: ReportArtifactInputs, branch: string | undefined): Promise<CommitInfo> {
  const { github, workspace, event } = inputs.runner;
  const rev = inputs.gitCommit ?? github.sha ?? 'HEAD';
  const fromGit = await readCommit(workspace, {
    rev,
    ...(branch !== undefined && { branch }),
    urlFor: (sha) => commitLink(inputs, sha),
  });
  if (fromGit) {
    log.info(`Commit ${fromGit.sha1} on '${fromGit.branch}' (from git in ${workspace})`);
    return { sha1: fromGit.sha1, commit: fromGit };
  }
  if (!patterns.sha1.test(rev)) {
    throw new InputError(
      'git-commit',
      `cannot resolve '${rev}': ${workspace} is not a git repository with that commit`,
      `${expectedForms.sha1}, or a checkout (actions/checkout) before this step`,
    );
  }
  const fromEvent = commitFromEvent(event, rev, branch);
  if (fromEvent) {
    log.info(`Commit ${rev} (from the event payload: no checkout in ${workspace})`);
    return { sha1: rev, commit: fromEvent };
  }
  log.warning(
    `No commit information for ${rev}: ${workspace} is not a checkout of it and the event does not carry it. ` +
      'The artifact is reported with the SHA only; run actions/checkout before this step for the full record.',
  );
  return { sha1: rev, commit: undefined };
}

function summarize(result: ReportArtifactResult): SummaryWriter {
  const summary = new SummaryWriter();
  const p = result.payload;
  summary.heading(result.dryRun ? 'DRY RUN: artifact not reported' : 'Artifact reported', 3);
  if (result.dryRun) {
    summary.paragraph(`Dry run: nothing was sent. The report would have gone to ${result.url}.`);
  }
  summary.table(
    ['Field', 'Value'],
    [
      ['Flow', result.flow],
      ['Name', result.filename],
      ['Fingerprint', { code: result.fingerprint }],
      ['Trail', result.trail],
      ['Commit', { text: result.gitCommit.slice(0, 7), href: p.commit_url }],
      ['Build', { text: 'run', href: p.build_url }],
      ...(p.description ? [['Description', p.description]] : []),
      ...(p.is_compliant !== undefined && p.is_compliant !== null
        ? [['Compliant', String(p.is_compliant)]]
        : []),
    ],
  );
  const annotations = Object.entries(p.annotations ?? {});
  const urls = Object.entries(p.external_urls ?? {});
  if (annotations.length > 0 || urls.length > 0) {
    summary.markdown(
      [
        ...annotations.map(([k, v]) => `- ${escapeText(k)}: ${escapeText(String(v))}`),
        ...urls.map(([k, v]) => `- ${link(k, typeof v === 'string' ? v : v.href)}`),
      ].join('\n'),
    );
  }
  return summary;
}
