import { existsSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { getExecOutput } from '@actions/exec';
import { describe, expect, it } from 'vitest';
import { canonicalCommitUrl, commitOfUrl, compareUrl } from '../../src/context/commit-url.js';
import { readCommit } from '../../src/context/git.js';
import {
  branchOf,
  buildUrl,
  commitUrl,
  commitsFromPushEvent,
  readGitHubContext,
  repoInfo,
} from '../../src/context/github.js';
import { useTempDirs, type Repo } from '../helpers/git.js';

const { tempDir, repo } = useTempDirs();

/** A repository with one commit of a file `a`, with the given message. */
function committed(message: string): Repo {
  const r = repo();
  writeFileSync(join(r.dir, 'a'), '1');
  r.git('add', 'a');
  r.git('commit', '-q', '-m', message);
  return r;
}

describe('readCommit (real git)', () => {
  it('reads HEAD: message trimmed, author with email, integer seconds, parents, branch', () => {
    const { dir, git } = committed('First\n\nBody line\n');
    writeFileSync(join(dir, 'a'), '2');
    git('commit', '-q', '-am', '  Second  ');
    const [head, parent] = [git('rev-parse', 'HEAD'), git('rev-parse', 'HEAD~1')];
    const info = readCommit(dir, { urlFor: (sha) => `https://github.com/o/r/commit/${sha}` });
    expect(info).toEqual({
      sha1: head,
      message: 'Second',
      author: 'Ann Example <ann@example.test>',
      branch: 'main',
      timestamp: Date.parse('2026-11-01T10:00:00Z') / 1000,
      parents: [parent],
      url: `https://github.com/o/r/commit/${head}`,
    });
    expect(readCommit(dir, { rev: parent })?.message).toBe('First\n\nBody line');
  });

  it("never runs a git that the checkout holds (Windows looks in a child's folder first; '.' on PATH does too)", () => {
    const { dir } = committed('one');
    writeFileSync(join(dir, 'git'), `#!/bin/sh\ntouch "${join(dir, 'planted-git-ran')}"\nexit 1\n`, {
      mode: 0o755,
    });
    const path = process.env.PATH;
    process.env.PATH = `.${delimiter}${path ?? ''}`;
    try {
      expect(readCommit(dir)?.message).toBe('one');
    } finally {
      process.env.PATH = path;
    }
    expect(existsSync(join(dir, 'planted-git-ran'))).toBe(false);
  });

  it('never reads a revision as an option', () => {
    const { dir } = committed('one');
    expect(readCommit(dir, { rev: '--output=stolen.txt' })).toBeUndefined();
    expect(existsSync(join(dir, 'stolen.txt'))).toBe(false);
  });

  it('gives an empty branch on a detached checkout unless told, and undefined outside a repository', () => {
    const { dir, git } = committed('x');
    git('checkout', '-q', '--detach');
    expect(readCommit(dir)?.branch).toBe('');
    expect(readCommit(dir, { branch: 'feature/x' })?.branch).toBe('feature/x');
    const empty = tempDir('nogit-');
    expect(readCommit(empty)).toBeUndefined();
    expect(readCommit(dir, { rev: '0'.repeat(40) })).toBeUndefined();
  });
});

describe('readCommit and @actions/exec, the reference it replaced', () => {
  it('reads the same commit as getExecOutput does: UTF-8 across pipe chunks, a long body, the parents', async () => {
    const { dir, git } = committed('root');
    // Past a pipe's 64 KiB, with multi-byte characters that a chunk boundary can split.
    const body = Array.from({ length: 4000 }, (_, i) => `ligne ${i}: café ☕ 🚀 Zürich`).join('\n');
    writeFileSync(join(dir, 'a'), '2');
    writeFileSync(join(dir, '.message'), `Déployer 🚀\n\n${body}`);
    git('commit', '-q', '-a', '-F', '.message');
    const format = ['log', '-1', '--format=%H%x1f%P%x1f%an <%ae>%x1f%ct%x1f%B', 'HEAD'];
    const reference = await getExecOutput('git', format, { cwd: dir, silent: true });
    const [sha1, parents, author, seconds, message] = reference.stdout.split('\u001f');
    const info = readCommit(dir);
    expect(reference.stdout.length).toBeGreaterThan(64 * 1024);
    expect(info).toMatchObject({
      sha1,
      parents: [parents?.trim()],
      author,
      timestamp: Number(seconds),
      message: message?.trim(),
    });
  });
});

describe('GitHub context', () => {
  const env = {
    GITHUB_SERVER_URL: 'https://github.example/',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_REPOSITORY_ID: '812345',
    GITHUB_RUN_ID: '99',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_REF_NAME: '17/merge',
    GITHUB_HEAD_REF: 'feature/x',
    GITHUB_EVENT_NAME: 'pull_request',
  };

  it('derives the URLs as the official CLI does', () => {
    const ctx = readGitHubContext(env);
    expect(buildUrl(ctx)).toBe('https://github.example/acme/shop/actions/runs/99');
    expect(commitUrl(ctx, 'b'.repeat(40))).toBe(`https://github.example/acme/shop/commit/${'b'.repeat(40)}`);
    expect(repoInfo(ctx)).toEqual({
      id: '812345',
      name: 'acme/shop',
      url: 'https://github.example/acme/shop',
      provider: 'github',
    });
    expect(repoInfo(readGitHubContext({ ...env, GITHUB_REPOSITORY_ID: '' }))).toBeUndefined();
    expect(buildUrl(readGitHubContext({}))).toBeUndefined();
  });

  it('takes the head branch on pull requests and the ref name otherwise', () => {
    expect(branchOf(readGitHubContext(env))).toBe('feature/x');
    expect(branchOf(readGitHubContext({ ...env, GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'main' }))).toBe(
      'main',
    );
    // A tag push: GITHUB_REF_NAME is the tag, not a branch; the checkout (detached) decides.
    expect(
      branchOf(
        readGitHubContext({ GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'v1.2.3', GITHUB_REF_TYPE: 'tag' }),
      ),
    ).toBeUndefined();
  });

  it("reads a push event's commits, newest first, skipping malformed ones", () => {
    const commits = commitsFromPushEvent(
      {
        commits: [
          {
            id: '1'.repeat(40),
            message: 'one\n',
            timestamp: '2026-11-01T10:00:00Z',
            url: 'u1',
            author: { name: 'A', email: 'a@x', username: 'a' },
          },
          { id: 'nope', message: 'bad' },
          {
            id: '2'.repeat(40),
            message: 'two',
            timestamp: '2026-11-01T11:00:00+01:00',
            author: { name: 'B' },
          },
        ],
      },
      'main',
    );
    expect(commits).toEqual([
      {
        sha1: '2'.repeat(40),
        message: 'two',
        author: 'B',
        branch: 'main',
        timestamp: Date.parse('2026-11-01T10:00:00Z') / 1000,
      },
      {
        sha1: '1'.repeat(40),
        message: 'one',
        author: 'A <a@x>',
        author_username: 'a',
        branch: 'main',
        timestamp: Date.parse('2026-11-01T10:00:00Z') / 1000,
        url: 'u1',
      },
    ]);
    expect(commitsFromPushEvent({}, 'main')).toEqual([]);
  });

  it("reads only a commit page of GitHub's form, rebuilt from its parts", () => {
    const [sha, other] = ['ABCDEF1234567890abcdef1234567890abcdef12', '1'.repeat(40)];
    const page = (path: string) => `https://github.com/${path}`;
    expect(canonicalCommitUrl(`${page('Acme/App/commit/')}${sha}?x=1#y`)).toBe(
      page(`Acme/App/commit/${sha.toLowerCase()}`),
    );
    expect(commitOfUrl(page(`a/b/commit/${sha}`))).toBe(sha.toLowerCase());
    const refused = [
      `javascript://github.com/a/b/commit/${sha}`,
      `https://u:p@github.com/a/b/commit/${sha}`,
      page(`a/b/tree/${sha}`),
      page(`a/b/c/commit/${sha}`),
      page('a/b/commit/xyz'),
      'not a url',
      null,
    ];
    for (const url of refused) expect(canonicalCommitUrl(url), String(url)).toBeUndefined();
    // Compared within one repository, its name in any case; not a commit with itself.
    expect(compareUrl(page(`Acme/App/commit/${sha}`), page(`acme/app/commit/${other}`))).toBe(
      page(`Acme/App/compare/${sha.toLowerCase()}...${other}`),
    );
    expect(compareUrl(page(`a/b/commit/${sha}`), page(`a/c/commit/${other}`))).toBeUndefined();
    expect(compareUrl(page(`a/b/commit/${sha}`), page(`a/b/commit/${sha}`))).toBeUndefined();
    expect(compareUrl(undefined, page(`a/b/commit/${sha}`))).toBeUndefined();
  });
});
