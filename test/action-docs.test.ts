import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cell, codeCell, headingAnchors, main, readActions, staleFiles } from '../scripts/action-docs.js';

const repo = resolve(import.meta.dirname, '..');

describe('action docs', () => {
  // The suite is what CI runs, so this is the check that fails when an action.yml changed without `npm run docs`.
  it('README.md and actions/<name>/README.md match the action.yml files', async () => {
    expect(await staleFiles(repo), 'stale generated docs: run npm run docs').toEqual([]);
  });

  describe('in a copy of the repository', () => {
    let root: string;

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'action-docs-'));
      // Everything the docs are generated from or into, and the Prettier options they are formatted with.
      for (const path of ['README.md', 'action.yml', '.prettierrc.json'])
        cpSync(join(repo, path), join(root, path));
      for (const { name } of readActions(repo).filter(({ name }) => name !== 'setup')) {
        for (const file of ['action.yml', 'README.md']) {
          cpSync(join(repo, 'actions', name, file), join(root, 'actions', name, file));
        }
      }
    });

    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('reports the files a changed input description makes stale, and npm run docs brings them up to date', async () => {
      expect(await staleFiles(root)).toEqual([]);
      const file = join(root, 'actions/get-deployment/action.yml');
      const yml = readFileSync(file, 'utf8');
      const before = "description: 'The environment to look in.'";
      expect(yml).toContain(before);
      writeFileSync(file, yml.replace(before, "description: 'The environment | to look in, <env>.'"));

      expect(await staleFiles(root)).toEqual(['README.md', 'actions/get-deployment/README.md']);
      const check = await main(['--check'], root);
      expect(check.code).toBe(1);
      expect(check.message).toContain('run npm run docs');
      expect(check.message).toContain('actions/get-deployment/README.md');

      expect(await main([], root)).toEqual({
        code: 0,
        message: 'wrote README.md, actions/get-deployment/README.md',
      });
      expect(await main(['--check'], root)).toEqual({ code: 0, message: 'action docs up to date' });
      expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(
        'The environment \\| to look in, \\<env>.',
      );
    });

    it('reports a missing sub-action README', async () => {
      rmSync(join(root, 'actions/list-trails/README.md'));
      expect(await staleFiles(root)).toEqual(['actions/list-trails/README.md']);
    });

    it('refuses a README without the markers of an action', async () => {
      const readme = join(root, 'README.md');
      writeFileSync(readme, readFileSync(readme, 'utf8').replace('<!-- action-docs:diff-envs end -->', ''));
      expect(await main(['--check'], root)).toEqual({
        code: 1,
        message:
          'README.md needs one <!-- action-docs:diff-envs start --> ... <!-- action-docs:diff-envs end --> pair, in that order',
      });
    });
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
