/**
 * The hostile seed: the demo's story, told by a service that tries to act on the runner and on people. Every free
 * text it serves (artifact and image names, pods, commit messages, authors, descriptions, action names, report
 * answers and error messages, and the address of every page it links) carries line breaks of every kind, workflow
 * commands, mentions and HTML. Names the API
 * constrains by a pattern (flows, trails, environments, attestations) keep their demo values, so every sub-action
 * still has something to read.
 */
import { demoSeed } from './index.js';

/** What the hostile service appends to its text. */
export const HOSTILE_TEXT =
  '\n::warning::hostile-warning\r::add-mask::hostile-mask\u2028::stop-commands::hostile-stop' +
  '\r\n##[error]hostile-legacy\u0085 ::set-output name=compliant::true\u2029@octocat @github/security ' +
  '<img src=x onerror=alert(1)> <!-- hostile --> [link](javascript:alert(1))';

/** Fields of the seed that hold free text (their value is served as it is). */
const FREE_TEXT = new Set([
  'filename',
  'description',
  'message',
  'author',
  'created_by',
  'reported_by',
  'state_info',
  'username',
  'author_username',
]);

function poison(value: unknown, key: string | undefined, inSnapshotArtifact: boolean): unknown {
  if (typeof value === 'string') {
    const free = FREE_TEXT.has(key ?? '') || (inSnapshotArtifact && (key === 'name' || key === 'pods'));
    return free ? `${value}${HOSTILE_TEXT}` : value;
  }
  if (Array.isArray(value)) return value.map((item) => poison(item, key, inSnapshotArtifact));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A snapshot's artifacts are the one place where `name` is an image (free text), not an API name.
    const snapshotArtifact = 'pods' in record && 'fingerprint' in record;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, poison(v, k, snapshotArtifact)]));
  }
  return value;
}

export function hostileSeed(): unknown {
  const seed = poison(demoSeed(), undefined, false) as Record<string, unknown>;
  const orgs = seed.orgs as Record<string, { actions?: Record<string, unknown>[] }>;
  // Action names are free text in the API.
  for (const org of Object.values(orgs)) {
    for (const action of org.actions ?? []) action.name = `${String(action.name)}${HOSTILE_TEXT}`;
  }
  // Every page the service links (an artifact's html_url, the read-back after a report, deployment and snapshot pages)
  // is under its UI address: a mention, a link breaking out of Markdown, and the hostile text ride along.
  const ui = `https://sandbox.compliance.invalid/ui${encodeURIComponent(' @octocat')})](javascript:alert(1))/${HOSTILE_TEXT}`;
  return { ...seed, ui_url: ui, hostile_text: HOSTILE_TEXT };
}
