/**
 * Reads which artifact a step is about: `fingerprint`, or `artifact` with `artifact-type` (and `exclude` for
 * directories, `registry-username`/`registry-password` for registry images). Shared by every sub-action that takes
 * an artifact, so they all accept the same inputs the same way.
 */
import { log } from '../trust/log.js';
import { resolve } from 'node:path';
import { proxyFromEnv } from '../api/config.js';
import { InputError } from '../errors/errors.js';
import type { InputReader } from '../context/inputs.js';
import { compiledOr } from '../context/pattern.js';
import {
  ARTIFACT_TYPES,
  fingerprintArtifact,
  type ArtifactSpec,
  type Fingerprinted,
} from '../fingerprint/artifact.js';

const EITHER = 'either fingerprint, or artifact with artifact-type';
const EXCLUDE_FORM = 'globs under the artifact folder (*, **, ?, [abc], [!abc]), one per line';

export async function readArtifactSpec(inputs: InputReader, workspace: string): Promise<ArtifactSpec> {
  const fingerprint = inputs.matching('fingerprint', 'fingerprint');
  const artifact = inputs.optional('artifact');
  const type = inputs.choice('artifact-type', ARTIFACT_TYPES);
  // Read before any check that could fail, so the password is masked in whatever is printed next.
  const password = inputs.secret('registry-password');
  const username = inputs.optional('registry-username');
  const excludes = inputs.list('exclude');

  if (fingerprint !== undefined && artifact !== undefined) {
    throw new InputError('fingerprint', 'is given together with artifact', EITHER);
  }
  if (fingerprint !== undefined) {
    // Inputs that only shape fingerprinting would be ignored silently: a sign the step is not what was meant.
    const ignored =
      type !== undefined
        ? 'artifact-type'
        : excludes.length > 0
          ? 'exclude'
          : username !== undefined
            ? 'registry-username'
            : password !== undefined
              ? 'registry-password'
              : undefined;
    if (ignored !== undefined) {
      throw new InputError(
        ignored,
        'is given together with fingerprint, which is used as is (nothing is fingerprinted)',
        `fingerprint alone, or artifact with ${ignored === 'artifact-type' ? 'artifact-type' : `artifact-type and ${ignored}`}`,
      );
    }
    return { type: 'fingerprint', fingerprint };
  }
  if (artifact === undefined)
    throw new InputError('artifact', 'is required when fingerprint is not given', EITHER);
  if (type === undefined) {
    throw new InputError(
      'artifact-type',
      `is required with artifact '${artifact}'`,
      `one of ${ARTIFACT_TYPES.join(', ')}`,
    );
  }
  if (excludes.length > 0 && type !== 'dir') {
    throw new InputError(
      'exclude',
      `only applies to artifact-type dir, not ${type}`,
      'no exclude, or artifact-type dir',
    );
  }
  if ((username !== undefined || password !== undefined) && type !== 'oci') {
    throw new InputError(
      username !== undefined ? 'registry-username' : 'registry-password',
      `only applies to artifact-type oci, not ${type}`,
      'registry credentials with artifact-type oci only',
    );
  }
  if ((username === undefined) !== (password === undefined)) {
    throw new InputError(
      username === undefined ? 'registry-username' : 'registry-password',
      'is missing: registry-username and registry-password go together',
      'both, or neither for an anonymous pull',
    );
  }
  switch (type) {
    case 'file':
      return { type, path: resolve(workspace, artifact) };
    case 'dir': {
      if (excludes.length > 0) {
        // The glob compiler (and its regex engine) is loaded only when there is a glob to check.
        const { globPattern } = await import('../fingerprint/dir.js');
        for (const glob of excludes) {
          compiledOr(
            () => globPattern(glob),
            (problem) => new InputError('exclude', `'${glob}' is not a glob: ${problem}`, EXCLUDE_FORM),
          );
        }
      }
      return { type, path: resolve(workspace, artifact), excludes };
    }
    case 'docker': {
      const dockerHost = inputs.env.DOCKER_HOST?.trim();
      return { type, image: artifact, ...(dockerHost && { dockerHost }) };
    }
    case 'oci':
      return {
        type,
        image: artifact,
        ...(username !== undefined && { username }),
        ...(password !== undefined && { password }),
        proxy: proxyFromEnv(inputs.env),
      };
  }
}

/** The fingerprint of a spec: a given one as is, else computed in a log group that names what was fingerprinted. */
export async function resolveFingerprint(spec: ArtifactSpec): Promise<Fingerprinted> {
  if (spec.type === 'fingerprint') return fingerprintArtifact(spec);
  return log.group('Fingerprint the artifact', async () => {
    const result = await fingerprintArtifact(spec);
    log.info(
      `${spec.type === 'file' || spec.type === 'dir' ? spec.path : spec.image}: ${result.fingerprint}`,
    );
    return result;
  });
}
