/**
 * The docs follow their own rules, in every YAML example of every Markdown file (the README, CONTRIBUTING, docs/:
 * whole workflows and lone steps alike) and in this repository's own workflows: no `${{ }}` inside a `run:` script
 * (the README's rule: pass values through `env:`), one runner image, and one version of each external action (the
 * docs write one ref; the workflows pin a full commit SHA whose `# vX.Y.Z` comment names the same major). Each check reads the parsed YAML, and each is shown to fail on an example that breaks it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNode, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { yamlBlocks } from '../scripts/validate-workflows.mjs';
import { ROOT } from './helpers/runner.js';

interface Example {
  /** Relative to the root. */
  file: string;
  /** Lines of `file` before the example's first line (the opening fence's line for a Markdown block). */
  offset: number;
  text: string;
  /** A doc's example, or one of the repository's own workflows. */
  kind: 'doc' | 'workflow';
}

/** Where a YAML example stands, and the values of its keys that the rules read. */
interface Found {
  where: string;
  kind: Example['kind'];
  key: 'run' | 'runs-on' | 'uses';
  value: unknown;
  /** The comment after the value, on its line (a pinned SHA's version). */
  comment: string | undefined;
}

/** The Markdown files of the repository (outside node_modules, dist, .git and what the demo and coverage write), relative to the root, in order. */
function markdownFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory())
        return ['node_modules', 'dist', '.git', 'coverage', 'demo-output'].includes(entry.name)
          ? []
          : markdownFiles(root, path);
      return entry.isFile() && entry.name.endsWith('.md') ? [path] : [];
    });
}

/** Reads one Markdown file's text as the repository would hold it: its examples, as the checks see them. */
const markdownExamples = (file: string, markdown: string): Example[] =>
  yamlBlocks(markdown).map(({ line, text }) => ({ file, offset: line, text, kind: 'doc' }));

/** Every YAML block of those files, and the workflows of .github/workflows. */
function examples(root: string): Example[] {
  const blocks = markdownFiles(root).flatMap((file) =>
    markdownExamples(file, readFileSync(join(root, file), 'utf8')),
  );
  const dir = join(root, '.github/workflows');
  const workflows = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name): Example => ({
      file: `.github/workflows/${name}`,
      offset: 0,
      text: readFileSync(join(dir, name), 'utf8'),
      kind: 'workflow',
    }));
  return [...blocks, ...workflows];
}

/** The `run:`, `runs-on:` and `uses:` values of the examples, each with its file and line; YAML that does not parse, as a problem. */
function read(all: Example[]): { found: Found[]; unparsed: string[] } {
  const found: Found[] = [];
  const unparsed: string[] = [];
  for (const example of all) {
    const lines = new LineCounter();
    const doc = parseDocument(example.text, { lineCounter: lines });
    const at = (offset: number) => `${example.file}:${example.offset + lines.linePos(offset).line}`;
    if (doc.errors.length > 0) {
      unparsed.push(`${at(doc.errors[0]?.pos[0] ?? 0)}: ${doc.errors[0]?.message.split('\n')[0] ?? ''}`);
      continue;
    }
    visit(doc, {
      Pair(_, pair) {
        if (!isScalar(pair.key)) return;
        const key = pair.key.value;
        if (key !== 'run' && key !== 'runs-on' && key !== 'uses') return;
        const node: unknown = pair.value;
        // `defaults: run: shell:` is a map, not a script.
        if (key === 'run' && !isScalar(node)) return;
        found.push({
          where: at(pair.key.range?.[0] ?? 0),
          kind: example.kind,
          key,
          value: isScalar(node) ? node.value : isNode(node) ? (node.toJSON() as unknown) : node,
          comment: isScalar(node) ? node.comment?.trim() : undefined,
        });
      },
    });
  }
  return { found, unparsed };
}

/** `run:` scripts with `${{ }}` in them: where, and the expression. */
function inlineInRun(found: Found[]): string[] {
  return found
    .filter((f) => f.key === 'run' && typeof f.value === 'string' && f.value.includes('${{'))
    .map((f) => `${f.where}: ${/\$\{\{.*?(\}\}|$)/m.exec(f.value as string)?.[0] ?? ''}`);
}

/** Each runner image (`runs-on`, as written) and where it is used. */
function runnerImages(found: Found[]): Record<string, string[]> {
  const images: Record<string, string[]> = {};
  for (const f of found.filter((x) => x.key === 'runs-on')) {
    const image = typeof f.value === 'string' ? f.value : JSON.stringify(f.value);
    (images[image] ??= []).push(f.where);
  }
  return images;
}

const SHA = /^[0-9a-f]{40}$/;

/**
 * What breaks "one version of each external action": an action whose docs write two refs, whose workflows pin two
 * commits, a pinned commit without its `# vX.Y.Z` comment, or two majors between them. Local actions (`./`), Docker
 * images and this repository's actions (whatever stands for the owner) are not external.
 */
function actionVersionProblems(found: Found[]): string[] {
  const problems: string[] = [];
  const byAction = new Map<string, { ref: string; major: string | undefined; f: Found }[]>();
  for (const f of found.filter((x) => x.key === 'uses' && typeof x.value === 'string')) {
    const uses = f.value as string;
    if (uses.startsWith('./') || uses.startsWith('docker://') || /\/compliance-actions(\/|@)/.test(uses))
      continue;
    const at = uses.lastIndexOf('@');
    const [action, ref] = at < 0 ? [uses, ''] : [uses.slice(0, at), uses.slice(at + 1)];
    let version = ref;
    if (SHA.test(ref)) {
      version = /^v\d[\w.-]*$/.exec(f.comment ?? '')?.[0] ?? '';
      if (version === '') problems.push(`${f.where}: ${uses} is pinned without a '# vX.Y.Z' comment`);
    }
    const major = /^v(\d+)\b/.exec(version)?.[1];
    if (ref !== '' && !SHA.test(ref) && major === undefined)
      problems.push(`${f.where}: ${uses} names no version (vN)`);
    const list = byAction.get(action) ?? [];
    list.push({ ref, major, f });
    byAction.set(action, list);
  }
  for (const [action, uses] of byAction) {
    for (const kind of ['doc', 'workflow'] as const) {
      const refs = new Set(uses.filter((u) => u.f.kind === kind).map((u) => u.ref));
      if (refs.size > 1) {
        problems.push(
          `${action}: the ${kind === 'doc' ? 'docs write' : 'workflows pin'} ${refs.size} refs (${[...refs].join(', ')}): ` +
            uses
              .filter((u) => u.f.kind === kind)
              .map((u) => `${u.f.where} @${u.ref}`)
              .join(', '),
        );
      }
    }
    const majors = new Set(uses.flatMap((u) => (u.major === undefined ? [] : [u.major])));
    if (majors.size > 1) {
      problems.push(
        `${action}: ${majors.size} majors (${[...majors].map((m) => `v${m}`).join(', ')}): ` +
          uses.map((u) => `${u.f.where} v${u.major ?? '?'}`).join(', '),
      );
    }
  }
  return problems;
}

describe('the YAML examples of the docs, and the workflows of this repository', () => {
  const all = examples(ROOT);
  const { found, unparsed } = read(all);

  it('are all read: every README, CONTRIBUTING, docs/ and docs/actions/, and the three workflows', () => {
    const files = new Set(all.map((e) => e.file));
    for (const file of [
      'README.md',
      'docs/recipes.md',
      'docs/configuration.md',
      'docs/actions/check-attestations-for-commit.md',
      '.github/workflows/ci.yml',
      '.github/workflows/e2e.yml',
      '.github/workflows/release.yml',
    ]) {
      expect(files, file).toContain(file);
    }
    // These have no YAML today, but they are among the files read.
    expect(markdownFiles(ROOT)).toEqual(expect.arrayContaining(['CONTRIBUTING.md', 'SECURITY.md']));
    expect(found.filter((f) => f.key === 'run').length).toBeGreaterThan(20);
    expect(found.filter((f) => f.key === 'runs-on').length).toBeGreaterThan(30);
    expect(unparsed).toEqual([]);
  });

  it('never put ${{ }} inside a run: script (pass the value through env:)', () => {
    expect(inlineInRun(found), 'move each expression to the step’s env: and read the variable').toEqual([]);
  });

  it('run on one runner image', () => {
    const images = runnerImages(found);
    expect(Object.keys(images), JSON.stringify(images, null, 2)).toEqual(['ubuntu-24.04']);
  });

  it('use one version of each external action: one ref in the docs, a pin of the same major in the workflows', () => {
    expect(actionVersionProblems(found)).toEqual([]);
    const docRefs = new Set(
      found.filter((f) => f.key === 'uses' && f.kind === 'doc').map((f) => String(f.value)),
    );
    expect(docRefs).toContain('actions/checkout@v7');
  });
});

describe('the checks fail on examples that break the rules', () => {
  const markdown = [
    '# A page', // 1
    '',
    '```yaml', // 3
    'name: build',
    'on: push',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest', // 8
    '    defaults:',
    '      run:',
    '        shell: bash', // `run` as a map: not a script
    '    steps:',
    '      - uses: actions/checkout@v4', // 13
    '      - run: echo "${{ steps.r.outputs.fingerprint }}"', // 14
    '      - run: |', // 15
    '          echo one',
    '          echo "${{ github.event.pull_request.title }}"',
    '      - run: echo "$FINGERPRINT"', // 18
    '        env:',
    '          FINGERPRINT: ${{ steps.r.outputs.fingerprint }}',
    '      - uses: <owner>/compliance-actions/actions/report-artifact@v0', // ours: not external
    '```',
    '',
    'A lone step:',
    '',
    '```yml', // 26
    '- uses: actions/checkout@v5', // 27
    '- run: echo ${{ inputs.fingerprint }}', // 28
    '```',
    '',
  ].join('\n');
  const workflow = [
    'on: push', // 1
    'jobs:',
    '  a:',
    '    runs-on: ubuntu-24.04', // 4
    '    steps:',
    `      - uses: actions/checkout@${'a'.repeat(40)} # v4.2.2`, // 6
    `      - uses: actions/setup-node@${'b'.repeat(40)}`, // 7: no comment
    '      - uses: ./actions/local',
    '      - uses: docker://alpine:3',
    '',
  ].join('\n');
  const { found, unparsed } = read([
    ...markdownExamples('docs/page.md', markdown),
    { file: '.github/workflows/ci.yml', offset: 0, text: workflow, kind: 'workflow' },
  ]);

  it('${{ }} in a run: script, a block script and a lone step, each at its line; env: and a run: map pass', () => {
    expect(unparsed).toEqual([]);
    expect(inlineInRun(found)).toEqual([
      'docs/page.md:14: ${{ steps.r.outputs.fingerprint }}',
      'docs/page.md:15: ${{ github.event.pull_request.title }}',
      'docs/page.md:28: ${{ inputs.fingerprint }}',
    ]);
  });

  it('two runner images, each with where it is used', () => {
    expect(runnerImages(found)).toEqual({
      'ubuntu-latest': ['docs/page.md:8'],
      'ubuntu-24.04': ['.github/workflows/ci.yml:4'],
    });
  });

  it('two refs of one action in the docs, two majors, and a pin without its version', () => {
    expect(actionVersionProblems(found)).toEqual([
      `.github/workflows/ci.yml:7: actions/setup-node@${'b'.repeat(40)} is pinned without a '# vX.Y.Z' comment`,
      'actions/checkout: the docs write 2 refs (v4, v5): docs/page.md:13 @v4, docs/page.md:27 @v5',
      'actions/checkout: 2 majors (v4, v5): docs/page.md:13 v4, docs/page.md:27 v5, .github/workflows/ci.yml:6 v4',
    ]);
  });

  it('YAML that does not parse is a problem, not an example passed over', () => {
    const broken = read(markdownExamples('docs/broken.md', '# Broken\n\n```yaml\nsteps: [\n```\n'));
    expect(broken.unparsed).toHaveLength(1);
    expect(broken.unparsed[0]).toMatch(/^docs\/broken\.md:\d+: /);
  });
});
