/**
 * The files people look for in a project: SECURITY.md, CONTRIBUTING.md, the issue forms and the CI
 * badge. Each says what is true of this repository: the commands it gives exist, the release it describes is the one
 * the workflow runs, and the issue forms are forms GitHub accepts. Their links are checked with the docs'
 * (test/action-docs.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import semver from 'semver';
import { parse } from 'yaml';
import { OWNER_PLACEHOLDER, ownerOf } from '../scripts/release-prepare.js';
import { actionNames, ROOT } from './helpers/runner.js';
import { markdownIn } from './helpers/runner.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const OWNER_REPO = 'https://github.com/<owner>/compliance-actions';

const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

describe('SECURITY.md', () => {
  const text = read('SECURITY.md');

  it('says how to report privately, what to expect and what is in scope, linking the security model', () => {
    expect(text).toContain("GitHub's private vulnerability reporting");
    expect(text).toContain(`](${OWNER_REPO}/security/advisories/new)`);
    expect(text).toMatch(/do not open a public issue/i);
    for (const heading of ['How to report a vulnerability', 'What to expect', 'Scope']) {
      expect(text).toContain(`## ${heading}\n`);
    }
    const scope = text.slice(text.indexOf('## Scope'));
    const [inScope = '', outOfScope = ''] = scope.split('Out of scope:');
    for (const part of ['`dist/`', 'token', 'trust boundary']) expect(inScope).toContain(part);
    for (const part of ['the compliance service itself', 'production server'])
      expect(outOfScope).toContain(part);
    expect(text).toContain('](docs/security.md)');
  });
});

describe('CONTRIBUTING.md', () => {
  const text = read('CONTRIBUTING.md');

  it('covers set-up, the layers, adding a sub-action and the release, linking the architecture', () => {
    for (const heading of [
      'Set-up',
      'The layers and the one path of a step',
      'Adding a sub-action',
      'How a release is made',
      'The owner placeholder',
    ]) {
      expect(text).toMatch(new RegExp(`^#{2,3} ${heading}$`, 'm'));
    }
    for (const command of [
      'npm ci',
      'npm test',
      'bash .ci/run',
      'npm run docs',
      'npm run release:prepare -- ',
    ]) {
      expect(text).toContain(command);
    }
    // An action's own files, and among them the facts the shared tests read.
    expect(text).toContain('`src/actions/<name>.facts.ts`');
    expect(text).toContain('](docs/architecture.md#adding-a-sub-action)');
  });

  it('gives only npm scripts that exist, and a CI script that exists', () => {
    const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map(([, name = '']) => name);
    expect(named.length).toBeGreaterThan(5);
    for (const name of new Set(named)) expect(scripts, `npm run ${name}`).toHaveProperty(name);
    expect(existsSync(join(ROOT, '.ci/run'))).toBe(true);
  });

  it('describes the release the workflow runs: a read-only verify job, then the only job that writes', () => {
    const workflow = parse(read('.github/workflows/release.yml')) as {
      on: { push: { tags: string[] } };
      jobs: Record<
        string,
        { needs?: string; permissions: Record<string, string>; steps: { run?: string }[] }
      >;
    };
    expect(Object.keys(workflow.jobs)).toEqual(['verify', 'release']);
    const { verify, release } = workflow.jobs as Record<'verify' | 'release', (typeof workflow.jobs)[string]>;
    expect(verify.permissions).toEqual({ contents: 'read' });
    expect(verify.steps.map((s) => s.run ?? '').join('\n')).toContain('bash .ci/run');
    expect(release.needs).toBe('verify');
    expect(release.permissions).toEqual({ contents: 'write' });
    const releaseRuns = release.steps.map((s) => s.run ?? '').join('\n');
    expect(releaseRuns).not.toContain('npm ci');
    expect(releaseRuns).toContain('node scripts/release-prepare.ts notes');
    expect(releaseRuns).toContain('gh release create');
    expect(text).toContain('`verify`, with read-only permissions');
    expect(text).toContain(
      '`release`, the only job that may write (`contents: write`) and which runs no `npm ci`',
    );
    expect(text).toContain('(`node scripts/release-prepare.ts notes X.Y.Z`)');
    // The tag the workflow starts on is the one the steps push.
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+']);
    expect(text).toContain('git tag vX.Y.Z && git push origin main vX.Y.Z');
    expect(scripts['release:prepare']).toContain('scripts/release-prepare.ts');
  });
});

describe('the Node a contributor needs', () => {
  const pkg = JSON.parse(read('package.json')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
  const engines = pkg.engines.node;
  /** The lowest version of each major that `engines` allows: 24.0.0, and 26.0.0 for `>=26`. */
  const lowest = new semver.Range(engines).set.map((comparators) =>
    semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' '))),
  );

  it('is Node 24 wherever it is said: engines, the node@24 the scripts run on, the actions, CI and the docs', () => {
    expect(lowest.map((v) => v?.version)).toEqual(['24.0.0', '26.0.0']);
    // Node 20 is end of life, and 22 too old for the dependencies.
    for (const old of ['20.20.0', '22.22.0', '25.0.0'])
      expect(semver.satisfies(old, engines), old).toBe(false);
    expect(semver.minVersion(pkg.devDependencies.node ?? '')?.major).toBe(24);
    expect((parse(read('action.yml')) as { runs: { using: string } }).runs.using).toBe('node24');
    for (const workflow of ['ci.yml', 'release.yml', 'e2e.yml']) {
      const text = read(`.github/workflows/${workflow}`);
      const versions = [...text.matchAll(/node-version: (\S+)/g)].map(([, v]) => v);
      expect(versions.length, workflow).toBeGreaterThan(0);
      expect(new Set(versions), workflow).toEqual(new Set(['24']));
    }
    expect(read('CONTRIBUTING.md')).toContain('You need Node 24 with its npm');
    expect(read('README.md')).toContain('You need Node 24 and its npm');
    expect(read('docs/development.md')).toContain(
      `Start with Node 24 and its npm (\`engines\`: \`${engines}\``,
    );
  });

  // What npm checks at `npm ci`: a locked package whose engines leave out the Node it runs on prints EBADENGINE.
  it('is one every locked package accepts, at the lowest version engines allows: npm ci warns of no engine there', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const ranges = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return path === '' || node === undefined ? [] : [{ path, node }];
    });
    expect(ranges.length).toBeGreaterThan(50);
    for (const version of lowest) {
      const refused = ranges.filter(({ node }) => !semver.satisfies(version ?? '', node));
      expect(refused, `on Node ${version?.version ?? '?'}`).toEqual([]);
    }
    // On Node 20 the same check finds the warnings npm prints there: it is not a check that passes anything.
    expect(ranges.filter(({ node }) => !semver.satisfies('20.20.0', node)).length).toBeGreaterThan(0);
  });
});

interface FormElement {
  type: string;
  id?: string;
  attributes?: {
    label?: string;
    value?: string;
    options?: (string | { label?: string; required?: boolean })[];
    render?: string;
  };
  validations?: { required?: boolean };
}

/**
 * What GitHub requires of an issue form (docs: "Syntax for issue forms" and "Syntax for GitHub's form schema"):
 * `name`, `description` and a `body`; each element of a known type; a markdown element with a `value`, any other with a
 * `label`; ids unique, of letters, digits, `-` and `_`; dropdown and checkbox options, unique; `render` on textareas
 * only; at least one element that is not markdown. One problem per line; none for a form GitHub takes.
 */
function formProblems(form: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const allowed = new Set('name description body title labels assignees projects type'.split(' '));
  for (const key of Object.keys(form)) if (!allowed.has(key)) problems.push(`unknown top-level key ${key}`);
  for (const key of ['name', 'description']) {
    if (typeof form[key] !== 'string' || form[key] === '') problems.push(`${key} is not a non-empty string`);
  }
  if (
    form.labels !== undefined &&
    !(Array.isArray(form.labels) && form.labels.every((l) => typeof l === 'string'))
  ) {
    problems.push('labels is not a list of strings');
  }
  const body = form.body;
  if (!Array.isArray(body) || body.length === 0) return [...problems, 'body is not a non-empty list'];
  const ids = new Set<string>();
  const labels = new Set<string>();
  for (const [index, raw] of (body as FormElement[]).entries()) {
    const where = `body[${index}]`;
    const { type, id, attributes } = raw;
    if (!['markdown', 'textarea', 'input', 'dropdown', 'checkboxes'].includes(type)) {
      problems.push(`${where}: type ${type}`);
      continue;
    }
    if (id !== undefined) {
      if (!/^[A-Za-z0-9_-]+$/.test(id)) problems.push(`${where}: id '${id}'`);
      if (ids.has(id)) problems.push(`${where}: id '${id}' twice`);
      ids.add(id);
    }
    if (type === 'markdown') {
      if (typeof attributes?.value !== 'string' || attributes.value.trim() === '')
        problems.push(`${where}: no value`);
      if (raw.validations !== undefined) problems.push(`${where}: markdown takes no validations`);
      continue;
    }
    const label = attributes?.label;
    if (typeof label !== 'string' || label.trim() === '') problems.push(`${where}: no label`);
    else if (labels.has(label)) problems.push(`${where}: label '${label}' twice`);
    else labels.add(label);
    if (attributes?.render !== undefined && type !== 'textarea')
      problems.push(`${where}: render on a ${type}`);
    if (type === 'dropdown' || type === 'checkboxes') {
      const options = attributes?.options;
      if (!Array.isArray(options) || options.length === 0) {
        problems.push(`${where}: no options`);
        continue;
      }
      const names = options.map((o) => (typeof o === 'string' ? o : o.label));
      if (names.some((n) => typeof n !== 'string' || n === ''))
        problems.push(`${where}: an option without a label`);
      if (new Set(names).size !== names.length) problems.push(`${where}: an option twice`);
      if (type === 'dropdown' && options.some((o) => typeof o !== 'string')) {
        problems.push(`${where}: dropdown options are strings`);
      }
    }
    const required = raw.validations?.required;
    if (required !== undefined && typeof required !== 'boolean')
      problems.push(`${where}: required is not a boolean`);
  }
  if ((body as FormElement[]).every((e) => e.type === 'markdown')) problems.push('only markdown elements');
  return problems;
}

describe('the issue forms', () => {
  const dir = '.github/ISSUE_TEMPLATE';
  const form = (name: string) => parse(read(`${dir}/${name}`)) as Record<string, unknown>;

  it('are a bug report and a feature request, each a form GitHub takes, and the chooser', () => {
    expect(readdirSync(join(ROOT, dir)).sort()).toEqual([
      'bug_report.yml',
      'config.yml',
      'feature_request.yml',
    ]);
    for (const name of ['bug_report.yml', 'feature_request.yml']) {
      expect(formProblems(form(name)), name).toEqual([]);
    }
    expect(form('bug_report.yml')).toMatchObject({ name: 'Bug report', labels: ['bug'] });
    expect(form('feature_request.yml')).toMatchObject({ name: 'Feature request', labels: ['enhancement'] });
  });

  it('the bug report names only sub-actions that exist, and asks for the version and what happened', () => {
    const body = form('bug_report.yml').body as FormElement[];
    const action = body.find((e) => e.id === 'action');
    const options = (action?.attributes?.options ?? []) as string[];
    const known = new Set(['setup', ...actionNames()]);
    expect(options.filter((o) => !known.has(o))).toEqual(['several, or not sure']);
    for (const id of ['action', 'version', 'what-happened', 'expected', 'workflow']) {
      expect(body.find((e) => e.id === id)?.validations?.required, id).toBe(true);
    }
  });

  it('the chooser sends a vulnerability to private reporting and the security policy, never a blank issue', () => {
    const config = parse(read(`${dir}/config.yml`)) as {
      blank_issues_enabled: unknown;
      contact_links: { name: string; url: string; about: string }[];
    };
    expect(config.blank_issues_enabled).toBe(false);
    for (const link of config.contact_links) {
      expect(Object.keys(link).sort()).toEqual(['about', 'name', 'url']);
      expect(link.url).toMatch(/^https:\/\//);
    }
    expect(config.contact_links.map((l) => l.url)).toEqual([
      `${OWNER_REPO}/security/advisories/new`,
      `${OWNER_REPO}/security/policy`,
    ]);
    expect(config.contact_links[0]?.about).toContain('SECURITY.md');
  });
});

describe('the CI badge', () => {
  const markdown = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...markdownIn('docs')];

  it('no image of the docs names the owner placeholder: GitHub would show it broken', () => {
    for (const file of markdown) {
      const images = [...read(file).matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1] ?? '');
      expect(
        images.filter((url) => url.includes(OWNER_PLACEHOLDER)),
        file,
      ).toEqual([]);
    }
  });

  it("is right under the README's title once the owner is named, and shows the CI workflow that exists", () => {
    // The badge the release writes shows ci.yml's runs on the default branch: that workflow must be it.
    const ci = parse(read('.github/workflows/ci.yml')) as {
      name: string;
      on: { push: { branches: string[] } };
    };
    expect(ci.name).toBe('CI');
    expect(ci.on.push.branches).toEqual(['main']);
    const owner = ownerOf(read('package.json'));
    const [title, blank, badge] = read('README.md').split('\n');
    expect(title).toBe('# compliance-actions');
    expect(blank).toBe('');
    if (owner === OWNER_PLACEHOLDER) {
      expect(badge).not.toMatch(/^!\[CI\]/);
      return;
    }
    expect(badge).toBe(
      `![CI](https://github.com/${owner}/compliance-actions/actions/workflows/ci.yml/badge.svg)`,
    );
  });
});
