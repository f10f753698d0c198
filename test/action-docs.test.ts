import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cell,
  codeCell,
  headingAnchors,
  main,
  pagePath,
  parseOutcomes,
  pointer,
  readActions,
  staleFiles,
} from '../scripts/action-docs.js';
import { fillOwner, OWNER_PLACEHOLDER } from '../scripts/release-prepare.js';
import { useTempDirs } from './helpers/git.js';
import { markdownIn } from './helpers/runner.js';

// Each check renders every page again (in the repository or a copy of it), and most of what it formats is what an
// earlier render formatted: Prettier formats the same text with the same options (the same file in any copy), once.
vi.mock('prettier', async (load) => {
  const prettier = await load<typeof import('prettier')>();
  const formatted = new Map<string, Promise<string>>();
  const format: typeof prettier.format = (text, options) => {
    const key = JSON.stringify([text, { ...options, filepath: basename(options?.filepath ?? '') }]);
    const result = formatted.get(key) ?? prettier.format(text, options);
    formatted.set(key, result);
    return result;
  };
  return { ...prettier, format };
});

const repo = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

/**
 * The sentences of a description: a period, ! or ? followed by a space or the end ends one, except inside code spans,
 * ${{ }} expressions and URLs, in e.g., i.e., etc. and an ellipsis (a period inside a version, 1.4.0, ends nothing).
 */
function sentences(text: string): string[] {
  const plain = text
    .replace(/`+[^`]*`+/g, 'code')
    .replace(/\$\{\{.*?\}\}/g, 'expr')
    .replace(/\bhttps?:\/\/\S+/g, 'url')
    .replace(/\b(?:e\.g|i\.e|etc|vs)\./g, 'abbr')
    .replace(/\.{3}|…/g, 'ellipsis');
  return plain
    .split(/(?<=[.!?]["')\]]*)\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** The longest an input's description may be, in characters: its cell in the inputs table stays readable. */
const MAX_INPUT_DESCRIPTION = 400;

describe('action docs', () => {
  // The suite is what CI runs, so this is the check that fails when an action.yml changed without `npm run docs`.
  it('README.md and docs/actions/<name>.md match the action.yml files', async () => {
    expect(await staleFiles(repo), 'stale generated docs: run npm run docs').toEqual([]);
  });

  describe('the README is a start', () => {
    const readme = read('README.md');
    const lines = readme.split('\n');

    it('is under 300 lines, none over 300 characters', () => {
      expect(lines.length).toBeLessThan(300);
      expect(lines.filter((line) => line.length > 300)).toEqual([]);
    });

    it('has the two commands and the pull-request gate within the first screen (50 lines), then a build reported', () => {
      const screen = lines.slice(0, 50).join('\n');
      expect(screen).toContain('npm ci && npm start');
      expect(screen).toContain('npm test');
      // The gate's workflow, on pull_request, starts there and shows the gate's step (its inputs may run past it).
      expect(screen).toMatch(
        /```yaml\nname: [^\n]+\non:\n {2}pull_request:\n[^`]*\n {6}- uses: \S+\/actions\/check-attestations-for-commit@v0\n/,
      );
      const start = readme.indexOf('\n## Quick start\n');
      const quickStart = readme.slice(start, readme.indexOf('\n## ', start + 1));
      expect(quickStart).toMatch(
        /```yaml\nname: [^\n]+\non:\n {2}push:\n[^`]*\njobs:[^`]*\/actions\/report-artifact@v0[^`]*```/,
      );
    });

    it('lists every action once, each linking its page', () => {
      for (const { name } of readActions(repo)) {
        expect(readme.split(`](${pagePath(name)})`).length - 1, name).toBe(1);
      }
    });

    it('has security, versions and contributing, each pointing further', () => {
      for (const [heading, link] of [
        ['## Security', 'SECURITY.md'],
        ['## Versions', 'docs/versions.md'],
        ['## Contributing', 'CONTRIBUTING.md'],
      ] as const) {
        const at = readme.indexOf(`\n${heading}\n`);
        expect(at, heading).toBeGreaterThan(0);
        expect(readme.slice(at, readme.indexOf('\n## ', at + 1) >>> 0), heading).toContain(`(${link})`);
      }
    });
  });

  // Relative links between the docs, and the headings they name: a page or section moved without its links fails.
  it('links only to files and headings that exist (README, docs, SECURITY, CONTRIBUTING)', () => {
    const docs = [
      'README.md',
      'SECURITY.md',
      'CONTRIBUTING.md',
      ...markdownIn('docs'),
      ...markdownIn('docs/actions'),
    ];
    const anchorsOf = (path: string) => new Set(headingAnchors(read(path)).map((h) => h.anchor));
    const broken: string[] = [];
    for (const file of docs) {
      // Links outside code spans and blocks.
      const text = read(file)
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        const [path = '', anchor] = target.split('#');
        const to = path === '' ? file : join(dirname(file), path);
        if (!existsSync(join(repo, to))) {
          broken.push(`${file}: ${target} (no ${to})`);
        } else if (anchor !== undefined && to.endsWith('.md')) {
          if (!anchorsOf(to).has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor} in ${to})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  describe('in a copy of the repository', () => {
    const { tempDir } = useTempDirs();
    let root: string;

    beforeEach(() => {
      root = tempDir('action-docs-');
      // Everything the docs are generated from or into, and the Prettier options they are formatted with.
      for (const path of ['README.md', 'action.yml', '.prettierrc.json', 'package.json', 'docs/actions'])
        cpSync(join(repo, path), join(root, path), { recursive: true });
      for (const { name } of readActions(repo).filter(({ name }) => name !== 'setup')) {
        cpSync(join(repo, 'actions', name, 'action.yml'), join(root, 'actions', name, 'action.yml'));
      }
    });

    const edit = (path: string, from: string, to: string) => {
      const text = readFileSync(join(root, path), 'utf8');
      expect(text).toContain(from);
      writeFileSync(join(root, path), text.replace(from, to));
    };

    it('reports the page a changed input description makes stale, and npm run docs brings it up to date', async () => {
      expect(await staleFiles(root)).toEqual([]);
      edit(
        'actions/get-deployment/action.yml',
        "description: 'The environment to look in.'",
        "description: 'The environment | to look in, <env>.'",
      );
      expect(await staleFiles(root)).toEqual(['docs/actions/get-deployment.md']);
      expect(await main(['--check'], root)).toEqual({
        code: 1,
        message:
          'Stale action docs (generated from action.yml), run npm run docs:\n  docs/actions/get-deployment.md',
      });

      expect(await main([], root)).toEqual({ code: 0, message: 'wrote docs/actions/get-deployment.md' });
      expect(await main(['--check'], root)).toEqual({ code: 0, message: 'action docs up to date' });
      const page = readFileSync(join(root, 'docs/actions/get-deployment.md'), 'utf8');
      expect(page).toContain('The environment \\| to look in, \\<env>.');
      // The hand-written prose around the markers stays as it was.
      expect(page).toContain(
        read('docs/actions/get-deployment.md')
          .split('<!-- action-docs:get-deployment:usage end -->')[1]
          ?.split('<!-- action-docs:get-deployment:reference start -->')[0],
      );
    });

    it('a changed description reaches the README table and the page', async () => {
      edit('actions/get-deployment/action.yml', "description: 'Tells when", "description: 'Says when");
      expect(await staleFiles(root)).toEqual(['README.md', 'docs/actions/get-deployment.md']);
    });

    it('agrees with release:prepare, which fills the owner in package.json and in the docs', async () => {
      const generated = ['README.md', ...readActions(root).map((a) => pagePath(a.name))];
      for (const path of ['package.json', ...generated]) {
        const text = readFileSync(join(root, path), 'utf8');
        writeFileSync(join(root, path), fillOwner(text, OWNER_PLACEHOLDER, 'acme'));
      }
      expect(readFileSync(join(root, 'docs/actions/get-deployment.md'), 'utf8')).toContain(
        'uses: acme/compliance-actions/actions/get-deployment@v0',
      );
      expect(await staleFiles(root)).toEqual([]);
    });

    it('writes a missing page from a skeleton', async () => {
      rmSync(join(root, 'docs/actions/list-trails.md'));
      expect(await staleFiles(root)).toEqual(['docs/actions/list-trails.md']);
      await main([], root);
      const page = readFileSync(join(root, 'docs/actions/list-trails.md'), 'utf8');
      expect(page).toMatch(/^# list-trails\n/);
      expect(page).toContain('## The least workflow');
      expect(page).toContain('| `flow-tag` ');
      expect(page).toContain('TODO: what list-trails does');
    });

    it('refuses a page without its markers, a page of no action, and markers of an action in the README', async () => {
      edit('docs/actions/diff-envs.md', '<!-- action-docs:diff-envs:reference end -->', '');
      expect(await main(['--check'], root)).toEqual({
        code: 1,
        message:
          'docs/actions/diff-envs.md needs one <!-- action-docs:diff-envs:reference start --> ... <!-- action-docs:diff-envs:reference end --> pair, in that order',
      });
      rmSync(join(root, 'docs/actions/diff-envs.md'));
      writeFileSync(join(root, 'docs/actions/get-things.md'), '# get-things\n');
      expect((await main(['--check'], root)).message).toBe(
        'docs/actions/get-things.md is the page of get-things, which has no action.yml',
      );
      rmSync(join(root, 'docs/actions/get-things.md'));
      edit(
        'README.md',
        '<!-- action-docs:index end -->',
        '<!-- action-docs:index end -->\n<!-- action-docs:setup:usage start -->',
      );
      expect((await main(['--check'], root)).message).toBe(
        'README.md has markers for setup, whose tables are on docs/actions/setup.md',
      );
    });

    it('refuses an action.yml without its pointer, with a description over one line, or required inputs without a least workflow', async () => {
      edit('actions/list-trails/action.yml', `${pointer('list-trails')}\n`, '');
      expect((await main(['--check'], root)).message).toBe(
        `actions/list-trails/action.yml: its first line should be '${pointer('list-trails')}'`,
      );
      edit('actions/list-trails/action.yml', "name: '", `${pointer('list-trails')}\nname: '`);
      edit(
        'actions/list-trails/action.yml',
        'description: "Lists',
        `description: "${'A long line. '.repeat(10)}Lists`,
      );
      expect((await main(['--check'], root)).message).toMatch(
        /^actions\/list-trails\/action.yml: the description is \d+ characters, more than 125/,
      );
      edit('actions/list-trails/action.yml', `"${'A long line. '.repeat(10)}Lists`, '"Lists');
      edit(
        'actions/list-trails/action.yml',
        "  flow:\n    description: 'Only the trails of this flow.'\n    required: false",
        "  flow:\n    description: 'Only the trails of this flow.'\n    required: true",
      );
      expect((await main(['--check'], root)).message).toMatch(
        /^actions\/list-trails\/action.yml has required inputs \(flow\): give list-trails its least workflow/,
      );
    });
  });

  it('reads the values of an outcome output, and what its description says after them', () => {
    expect(
      parseOutcomes(
        'reported (the service took it), dry-run (nothing was sent (as asked)), or error (it could not report: ' +
          'bad input); the step fails on error.',
      ),
    ).toEqual({
      values: [
        { value: 'reported', when: 'the service took it' },
        { value: 'dry-run', when: 'nothing was sent (as asked)' },
        { value: 'error', when: 'it could not report: bad input' },
      ],
      note: 'The step fails on error.',
    });
    // Every action's outcome lists at least two values, and the pages show each.
    for (const action of readActions(repo)) {
      const description = action.meta.outputs?.outcome?.description;
      if (description === undefined) continue;
      const { values } = parseOutcomes(description);
      expect(values.length, action.name).toBeGreaterThanOrEqual(2);
      for (const { value } of values) expect(read(pagePath(action.name))).toContain(`| \`${value}\``);
    }
  });

  // The generated tables stay readable: the detail of an input or output lives in the prose of the action's page.
  it('keeps every description of an action, input and output to two sentences at most, an input’s to 400 characters', () => {
    expect(sentences('One. Two! Three? Four')).toHaveLength(4);
    expect(
      sentences(
        'A range v1.2.0..HEAD, e.g. `git log a. b` or ${{ env.X. Y }}, see https://example.com/a. b, i.e. a, b... ' +
          'and backend:1.4.0 (the end.) Last.',
      ),
    ).toHaveLength(2);
    const long: string[] = [];
    for (const { file, meta } of readActions(repo)) {
      const described: [string, string][] = [
        ['(action)', meta.description],
        ...Object.entries(meta.inputs ?? {}).map(([name, input]): [string, string] => [
          `input ${name}`,
          input.description,
        ]),
        ...Object.entries(meta.outputs ?? {}).map(([name, output]): [string, string] => [
          `output ${name}`,
          output.description,
        ]),
      ];
      for (const [what, description] of described) {
        const count = sentences(description).length;
        if (count > 2) long.push(`${file}: ${what} has ${count} sentences`);
        // Two sentences joined by semicolons are still one cell too long to read: an input's stays short.
        if (what.startsWith('input ') && description.length > MAX_INPUT_DESCRIPTION)
          long.push(
            `${file}: ${what} has ${description.length} characters (at most ${MAX_INPUT_DESCRIPTION})`,
          );
      }
    }
    expect(long, 'move the detail to the prose of docs/actions/<name>.md').toEqual([]);
  });

  it('keeps a description to one table cell that GitHub shows as written', () => {
    expect(cell('a | b\n  <env>#<N> `x|<y>` c\\d')).toBe('a \\| b \\<env>#\\<N> `x\\|<y>` c\\\\d');
  });

  it('shows defaults as code, expressions included, and an empty default as blank', () => {
    expect(codeCell('${{ github.token }}')).toBe('`${{ github.token }}`');
    expect(codeCell('a|b')).toBe('`a\\|b`');
    expect(codeCell('`x`')).toBe('`` `x` ``');
    expect(codeCell('')).toBe('');
  });

  it('anchors headings as GitHub does, skipping code blocks', () => {
    const markdown =
      '# Title\n\n```yaml\n# not a heading\n```\n\n## Was it deployed? get-deployment\n\n## Title\n';
    expect(headingAnchors(markdown).map(({ anchor }) => anchor)).toEqual([
      'title',
      'was-it-deployed-get-deployment',
      'title-1',
    ]);
  });
});
