/** report-artifact's inputs: the artifact, where to report it, and what to say about it. */
import * as z from 'zod/mini';
import { InputError } from '../../errors/errors.js';
import { expectedForms, patterns } from '../../api/schemas.js';
import { HttpUrl, type InputReader } from '../../context/inputs.js';
import { readArtifactSpec } from '../../runtime/artifact.js';
import { readCommon } from '../../runtime/context.js';

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

export type ReportArtifactInputs = Awaited<ReturnType<typeof readInputs>>;

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
