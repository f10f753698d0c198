// The `policy` input: a file in the workspace, read and checked before any request. The reader (and YAML) is loaded
// only when a policy is given.
import { resolve } from 'node:path';
import type { InputReader } from '../../context/inputs.js';

export async function readPolicyInput(inputs: InputReader, workspace: string, name = 'policy') {
  const file = inputs.optional(name);
  if (file === undefined) return undefined;
  const { loadPolicy } = await import('./load.js');
  return loadPolicy(name, resolve(workspace, file), file);
}
