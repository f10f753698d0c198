/**
 * The sandbox's own pages: what the service's UI shows at the addresses its `html_url` links name (an org, a flow, a
 * trail, an attestation, an artifact, an environment, a snapshot), in brief, as small HTML pages under `/ui/`. With
 * `uiBase: 'own'` the sandbox serves them and its links lead there, so every service link in a job summary answers
 * while it runs (`npm start` does so). Read-only and without a token: a browser follows the links.
 *
 * The state is the service's text, untrusted (the hostile seed fills it with HTML and workflow commands): every value
 * reaches the page through `esc`, every address of the sandbox's own is built from encoded parts, and an address
 * from the state (a commit's or a build's) is shown as text, never followed.
 */
import { evaluateArtifact, evaluateTrail, type Evaluation } from './compliance.js';
import type {
  SandboxData,
  Snapshot,
  StoredArtifact,
  StoredAttestation,
  StoredCommit,
  StoredEnvironment,
  StoredOrg,
  StoredPullRequest,
  StoredTrail,
} from './state.js';

/** Where the pages are, below the sandbox's origin: the `html_url` links are `<origin>/ui/<org>/...`. */
export const UI_PREFIX = '/ui';

export interface UiPage {
  status: number;
  html: string;
}

/** Text for an HTML element or a quoted attribute. */
export function esc(value: string | number): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The address of a page of the sandbox's own, from its parts (each encoded, as the service's links encode them). */
export function pagePath(...parts: string[]): string {
  return `${UI_PREFIX}/${parts.map(encodeURIComponent).join('/')}`;
}

const link = (text: string, ...parts: string[]) => `<a href="${esc(pagePath(...parts))}">${esc(text)}</a>`;
const code = (text: string) => `<code>${esc(text)}</code>`;
const iso = (seconds: number) => new Date(Math.round(seconds) * 1000).toISOString().replace(/\.000Z$/, 'Z');
const short = (fingerprint: string) => fingerprint.slice(0, 12);
/** A pull request in brief: its address as text, its state and who approved it. */
const pullRequest = (pr: StoredPullRequest) =>
  `${code(pr.url)} ${esc(pr.state ?? '')} approved by ${esc(pr.approvers?.map((a) => a.username).join(', ') || 'no one')}`;

const STYLE = `body { font: 14px/1.5 -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; color: #1f2328;
  max-width: 960px; margin: 2rem auto; padding: 0 1rem; }
.crumbs, .note { color: #59636e; } .note { border-left: .25em solid #d1d9e0; padding-left: 1em; }
table { border-collapse: collapse; margin: 1em 0; } th, td { border: 1px solid #d1d9e0; padding: 4px 10px; text-align: left; }
dt { font-weight: 600; } dd { margin: 0 0 .5em 1.5em; } code { background: #eff1f3; padding: .1em .3em; border-radius: 4px; }
a { color: #0969da; }`;

/** A page: its breadcrumbs (links), its title, and its body (HTML, already escaped). */
function page(status: number, crumbs: string[], title: string, body: string): UiPage {
  const html =
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${esc(title)} · compliance sandbox</title>\n` +
    `<style>${STYLE}</style>\n</head>\n<body>\n<p class="crumbs">${[link('sandbox'), ...crumbs].join(' / ')}</p>\n` +
    `<h1>${esc(title)}</h1>\n<p class="note">A page of the sandbox, the local stand-in of the compliance service: ` +
    `in brief, what the service's own page shows here. Addresses outside the sandbox are shown as text.</p>\n` +
    `${body}</body>\n</html>\n`;
  return { status, html };
}

const notFound = (what: string) =>
  page(404, [], 'Not found', `<p>${esc(what)} is not in the sandbox.</p>\n<p>${link('Every org')}</p>\n`);

/** `<dl>` of the rows whose value is given (HTML, already escaped). */
function fields(rows: [string, string | undefined][]): string {
  const given = rows.filter((row): row is [string, string] => row[1] !== undefined && row[1] !== '');
  return `<dl>\n${given.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('\n')}\n</dl>\n`;
}

/** A `<table>` of cells already escaped; nothing when there are no rows. */
function table(head: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<p>${esc(empty)}</p>\n`;
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const trs = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${trs}\n</tbody>\n</table>\n`;
}

function commit(info: StoredCommit | undefined, sha?: string): string | undefined {
  const id = info?.sha1 ?? sha;
  if (id === undefined) return undefined;
  const about = [info?.message?.split('\n')[0], info?.author, info?.branch && `on ${info.branch}`].filter(
    Boolean,
  );
  return `${code(id)}${about.length > 0 ? ` ${esc(about.join(', '))}` : ''}${info?.url ? ` (${code(info.url)})` : ''}`;
}

function evidence(org: string, flow: string, trail: string | undefined, evaluation: Evaluation): string {
  const rows = evaluation.statuses.map((s) => [
    s.attestation_id !== null && trail !== undefined
      ? link(s.attestation_name, org, 'flows', flow, 'trails', trail, 'attestations', s.attestation_id)
      : esc(s.attestation_name),
    esc(s.attestation_type),
    esc(s.status === 'MISSING' ? 'missing' : s.is_compliant === true ? 'compliant' : 'non-compliant'),
    esc(s.unexpected ? 'not in the template' : ''),
  ]);
  return `<h2>Evidence: ${esc(evaluation.state)}</h2>\n${table(['Attestation', 'Type', 'Status', ''], rows, 'The template asks for no attestation.')}`;
}

class Pages {
  private readonly name: string;
  private readonly org: StoredOrg;

  constructor(name: string, org: StoredOrg) {
    this.name = name;
    this.org = org;
  }

  private crumbs(...more: [string, ...string[]][]): string[] {
    return [link(this.name, this.name), ...more.map(([text, ...parts]) => link(text, this.name, ...parts))];
  }

  /** The artifact's page in its flow, when the sandbox knows it there (else its fingerprint, unlinked). */
  private artifactLink(fingerprint: string, text: string): string {
    const artifact = this.org.artifacts.find((a) => a.fingerprint === fingerprint);
    return artifact ? link(text, this.name, 'flows', artifact.flow, 'artifacts', fingerprint) : esc(text);
  }

  home(): UiPage {
    const flows = this.org.flows.map((f) => [link(f.name, this.name, 'flows', f.name), esc(f.description)]);
    const envs = this.org.environments.map((e) => [
      link(e.name, this.name, 'environments', e.name),
      esc(e.description),
    ]);
    return page(
      200,
      [],
      `Org ${this.name}`,
      `<h2>Flows</h2>\n${table(['Flow', 'Description'], flows, 'No flow.')}` +
        `<h2>Environments</h2>\n${table(['Environment', 'Description'], envs, 'No environment.')}`,
    );
  }

  flow(name: string): UiPage {
    const flow = this.org.flows.find((f) => f.name === name);
    if (!flow) return notFound(`Flow '${name}' of org '${this.name}'`);
    const trails = this.org.trails
      .filter((t) => t.flow === name)
      .sort((a, b) => b.created_at - a.created_at)
      .map((t) => [
        link(t.name, this.name, 'flows', name, 'trails', t.name),
        esc(t.description),
        esc(iso(t.created_at)),
      ]);
    const artifacts = this.org.artifacts
      .filter((a) => a.flow === name)
      .map((a) => [
        link(a.filename, this.name, 'flows', name, 'artifacts', a.fingerprint),
        code(short(a.fingerprint)),
      ]);
    const tags = Object.entries(flow.tags).map(([k, v]) => `${k}=${v}`);
    return page(
      200,
      this.crumbs(),
      `Flow ${name}`,
      fields([
        ['Description', esc(flow.description)],
        ['Tags', esc(tags.join(', '))],
      ]) +
        `<h2>Trails</h2>\n${table(['Trail', 'Description', 'Created'], trails, 'No trail.')}` +
        `<h2>Artifacts</h2>\n${table(['Artifact', 'Fingerprint'], artifacts, 'No artifact.')}`,
    );
  }

  private trailOf(flow: string, name: string): StoredTrail | undefined {
    return this.org.trails.find((t) => t.flow === flow && t.name === name);
  }

  trail(flow: string, name: string): UiPage {
    const trail = this.trailOf(flow, name);
    if (!trail) return notFound(`Trail '${name}' of flow '${flow}'`);
    const artifacts = this.org.artifacts.filter((a) => a.flow === flow && a.trail === name);
    const attestations = this.org.attestations
      .filter((a) => a.flow === flow && a.trail === name)
      .sort((a, b) => b.created_at - a.created_at)
      .map((a) => [
        link(a.name, this.name, 'flows', flow, 'trails', name, 'attestations', a.id),
        esc(a.type),
        esc(a.is_compliant ? 'compliant' : 'non-compliant'),
        a.artifact_fingerprint
          ? this.artifactLink(a.artifact_fingerprint, short(a.artifact_fingerprint))
          : '',
        esc(iso(a.created_at)),
      ]);
    return page(
      200,
      this.crumbs([flow, 'flows', flow]),
      `Trail ${name}`,
      fields([
        ['Flow', link(flow, this.name, 'flows', flow)],
        ['Description', esc(trail.description)],
        ['Commit', commit(trail.git_commit_info)],
        ['Created', `${esc(iso(trail.created_at))} by ${esc(trail.created_by)}`],
        ['Build', trail.origin_url ? code(trail.origin_url) : undefined],
      ]) +
        evidence(this.name, flow, name, evaluateTrail(trail, artifacts, this.org.attestations)) +
        `<h2>Attestations</h2>\n${table(['Name', 'Type', 'Verdict', 'Artifact', 'Reported'], attestations, 'None reported.')}` +
        `<h2>Artifacts</h2>\n${table(
          ['Artifact', 'Fingerprint'],
          artifacts.map((a) => [
            link(a.filename, this.name, 'flows', flow, 'artifacts', a.fingerprint),
            code(short(a.fingerprint)),
          ]),
          'None reported.',
        )}`,
    );
  }

  attestation(flow: string, trail: string, id: string): UiPage {
    const found: StoredAttestation | undefined = this.org.attestations.find(
      (a) => a.flow === flow && a.trail === trail && a.id === id,
    );
    if (!found) return notFound(`Attestation '${id}' of trail '${trail}'`);
    return page(
      200,
      this.crumbs([flow, 'flows', flow], [short(trail), 'flows', flow, 'trails', trail]),
      `Attestation ${found.name}`,
      fields([
        ['Type', esc(found.type)],
        ['Verdict', esc(found.is_compliant ? 'compliant' : 'non-compliant')],
        ['Trail', link(trail, this.name, 'flows', flow, 'trails', trail)],
        [
          'Artifact',
          found.artifact_fingerprint
            ? this.artifactLink(found.artifact_fingerprint, found.artifact_fingerprint)
            : undefined,
        ],
        ['Commit', found.git_commit ? code(found.git_commit) : undefined],
        ['Pull requests', found.pull_requests?.map(pullRequest).join('<br>')],
        ['Description', esc(found.description)],
        ['Reported', `${esc(iso(found.created_at))} by ${esc(found.reported_by)}`],
        ['Build', found.origin_url ? code(found.origin_url) : undefined],
        ['Id', code(found.id)],
      ]),
    );
  }

  artifact(flow: string, fingerprint: string): UiPage {
    const artifact: StoredArtifact | undefined = this.org.artifacts.find(
      (a) => a.flow === flow && a.fingerprint === fingerprint,
    );
    if (!artifact) return notFound(`Artifact ${fingerprint} of flow '${flow}'`);
    const trail = artifact.trail !== undefined ? this.trailOf(flow, artifact.trail) : undefined;
    const running = this.org.environments.flatMap((env) =>
      env.snapshots
        .filter((snap) => snap.artifacts.some((a) => a.fingerprint === fingerprint))
        .map((snap) =>
          link(
            `${env.name}#${snap.index}`,
            this.name,
            'environments',
            env.name,
            'snapshots',
            String(snap.index),
          ),
        ),
    );
    return page(
      200,
      this.crumbs([flow, 'flows', flow]),
      `Artifact ${artifact.filename}`,
      fields([
        ['Fingerprint', code(fingerprint)],
        ['Flow', link(flow, this.name, 'flows', flow)],
        [
          'Trail',
          artifact.trail !== undefined
            ? link(artifact.trail, this.name, 'flows', flow, 'trails', artifact.trail)
            : undefined,
        ],
        [
          'Template reference name',
          artifact.template_reference_name !== undefined ? code(artifact.template_reference_name) : undefined,
        ],
        ['Commit', commit(artifact.git_commit_info, artifact.git_commit)],
        ['Build', artifact.build_url ? code(artifact.build_url) : undefined],
        ['Reported', esc(iso(artifact.created_at))],
        ['In the snapshots', running.join(', ')],
      ]) +
        evidence(this.name, flow, artifact.trail, evaluateArtifact(artifact, trail, this.org.attestations)),
    );
  }

  private environmentOf(name: string): StoredEnvironment | undefined {
    return this.org.environments.find((e) => e.name === name);
  }

  environment(name: string): UiPage {
    const env = this.environmentOf(name);
    if (!env) return notFound(`Environment '${name}' of org '${this.name}'`);
    const rows = [...env.snapshots]
      .sort((a, b) => b.index - a.index)
      .map((snap) => [
        link(`${name}#${snap.index}`, this.name, 'environments', name, 'snapshots', String(snap.index)),
        esc(iso(snap.created_at)),
        esc(snap.artifacts.length),
        esc(snap.artifacts.reduce((sum, a) => sum + a.pods.length, 0)),
      ]);
    return page(
      200,
      this.crumbs(),
      `Environment ${name}`,
      fields([
        ['Type', esc(env.type)],
        ['Description', esc(env.description)],
      ]) +
        `<h2>Snapshots</h2>\n${table(['Snapshot', 'Taken', 'Artifacts', 'Pods'], rows, 'No snapshot yet.')}`,
    );
  }

  snapshot(name: string, indexText: string, compareText: string | null): UiPage {
    const env = this.environmentOf(name);
    const index = /^[1-9]\d{0,8}$/.test(indexText) ? Number(indexText) : undefined;
    const snap = env?.snapshots.find((s) => s.index === index);
    if (!env || !snap) return notFound(`Snapshot ${name}#${indexText} of org '${this.name}'`);
    const rows = snap.artifacts.map((a) => [
      this.artifactLink(a.fingerprint, a.name),
      code(short(a.fingerprint)),
      esc(a.pods.length),
    ]);
    const other =
      compareText === null ? undefined : env.snapshots.find((s) => String(s.index) === compareText);
    return page(
      200,
      this.crumbs([name, 'environments', name]),
      `Snapshot ${name}#${snap.index}`,
      fields([
        ['Environment', link(name, this.name, 'environments', name)],
        ['Taken', esc(iso(snap.created_at))],
      ]) +
        `<h2>Running</h2>\n${table(['Artifact', 'Fingerprint', 'Pods'], rows, 'Nothing ran.')}` +
        (compareText === null
          ? ''
          : other
            ? this.comparison(name, other, snap)
            : `<p>${esc(`No snapshot ${name}#${compareText} to compare with.`)}</p>\n`),
    );
  }

  /** What changed from snapshot `before` to `after`: started, stopped, scaled. */
  private comparison(env: string, before: Snapshot, after: Snapshot): string {
    const was = new Map(before.artifacts.map((a) => [a.fingerprint, a]));
    const is = new Map(after.artifacts.map((a) => [a.fingerprint, a]));
    const rows: string[][] = [];
    for (const a of after.artifacts) {
      const old = was.get(a.fingerprint);
      if (!old)
        rows.push([esc('started'), this.artifactLink(a.fingerprint, a.name), esc(`0 → ${a.pods.length}`)]);
      else if (old.pods.length !== a.pods.length)
        rows.push([
          esc('scaled'),
          this.artifactLink(a.fingerprint, a.name),
          esc(`${old.pods.length} → ${a.pods.length}`),
        ]);
    }
    for (const a of before.artifacts) {
      if (!is.has(a.fingerprint))
        rows.push([esc('stopped'), this.artifactLink(a.fingerprint, a.name), esc(`${a.pods.length} → 0`)]);
    }
    return (
      `<h2>Since ${link(`${env}#${before.index}`, this.name, 'environments', env, 'snapshots', String(before.index))}</h2>\n` +
      table(['Change', 'Artifact', 'Pods'], rows, 'Nothing changed but the time.')
    );
  }
}

/**
 * The page at `path` (below `/ui`, e.g. `/demo/flows/backend`), with its query: 200 and the page, or 404 and a page
 * saying what is not there.
 */
export function uiPage(data: SandboxData, path: string, query: URLSearchParams): UiPage {
  let parts: string[];
  try {
    parts = path
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return notFound(`The address ${path}`);
  }
  if (parts.length === 0) {
    const orgs = Object.keys(data.orgs).map((org) => [link(org, org)]);
    return page(200, [], 'The compliance sandbox', table(['Org'], orgs, 'No org.'));
  }
  const [name = '', kind, a, b, c, d, e, ...rest] = parts;
  const org = Object.hasOwn(data.orgs, name) ? data.orgs[name] : undefined;
  if (!org) return notFound(`Org '${name}'`);
  const pages = new Pages(name, org);
  if (rest.length > 0) return notFound(`The address ${path}`);
  if (kind === undefined) return pages.home();
  if (kind === 'flows' && a !== undefined) {
    if (b === undefined) return pages.flow(a);
    if (b === 'trails' && c !== undefined && d === undefined) return pages.trail(a, c);
    if (b === 'trails' && c !== undefined && d === 'attestations' && e !== undefined)
      return pages.attestation(a, c, e);
    if (b === 'artifacts' && c !== undefined && d === undefined) return pages.artifact(a, c);
  }
  if (kind === 'environments' && a !== undefined && b === undefined) return pages.environment(a);
  if (kind === 'environments' && a !== undefined && b === 'snapshots' && c !== undefined && d === undefined)
    return pages.snapshot(a, c, query.get('compare'));
  return notFound(`The address ${path}`);
}
