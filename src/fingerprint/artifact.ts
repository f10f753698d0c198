/** One artifact however named: a fingerprint, or a file, directory or image fingerprinted as the CLI does. */
import { basename } from 'node:path';
import { statSync, type Stats } from 'node:fs';
import type { ProxySettings } from '../api/config.js';
import type { Glob } from '../context/glob.js';
import { SourceError } from '../errors/errors.js';

export const ARTIFACT_TYPES = ['file', 'dir', 'docker', 'oci'] as const;

export type ArtifactSpec =
  | { type: 'fingerprint'; fingerprint: string }
  | { type: 'file'; path: string }
  | { type: 'dir'; path: string; excludes: readonly Glob[] }
  | { type: 'docker'; image: string; dockerHost?: string }
  | { type: 'oci'; image: string; username?: string; password?: string; proxy?: ProxySettings };

/** `defaultName`: the name the CLI would report, the basename of a file or directory, or the image reference. */
export type Fingerprinted = { fingerprint: string; defaultName: string | undefined };

/** Each kind's code is loaded only for that kind: a file needs no Docker client, no registry client, no undici. */
export async function fingerprintArtifact(spec: ArtifactSpec): Promise<Fingerprinted> {
  switch (spec.type) {
    case 'fingerprint':
      return { fingerprint: spec.fingerprint, defaultName: undefined };
    case 'file': {
      expectKind(spec.path, 'file');
      const { fingerprintFile } = await import('./file.js');
      return { fingerprint: fingerprintFile(spec.path), defaultName: basename(spec.path) };
    }
    case 'dir': {
      expectKind(spec.path, 'dir');
      const { fingerprintDir } = await import('./dir.js');
      return {
        fingerprint: await fingerprintDir(spec.path, spec.excludes),
        defaultName: basename(spec.path),
      };
    }
    case 'docker': {
      const { fingerprintDocker } = await import('./docker.js');
      return { fingerprint: await fingerprintDocker(spec.image, spec), defaultName: spec.image };
    }
    case 'oci': {
      const [{ fingerprintOci }, { createDispatcher }] = await Promise.all([
        import('./oci.js'),
        import('../api/proxy-transport.js'),
      ]);
      // Registries are reached through the runner's proxy, as the service is.
      const dispatcher = spec.proxy ? createDispatcher(spec.proxy) : undefined;
      try {
        return {
          fingerprint: await fingerprintOci(spec.image, { ...spec, dispatcher }),
          defaultName: spec.image,
        };
      } finally {
        await dispatcher?.close();
      }
    }
  }
}

/** A missing path or the wrong kind said plainly; a synchronous stat (fs/promises would load readline). */
function expectKind(path: string, kind: 'file' | 'dir'): void {
  let info: Stats;
  try {
    info = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SourceError(
      'artifact',
      code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path} (${code ?? String(error)})`,
      'Check the artifact input: paths are relative to the workspace',
    );
  }
  if (kind === 'file' && !info.isFile()) {
    throw new SourceError('artifact', `${path} is not a file`, 'For a directory, set artifact-type: dir');
  }
  if (kind === 'dir' && !info.isDirectory()) {
    throw new SourceError('artifact', `${path} is not a directory`, 'For a file, set artifact-type: file');
  }
}
