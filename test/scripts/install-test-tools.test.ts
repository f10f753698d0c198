/**
 * The pretest's tool installer on machines unlike CI's: without apt-get, or neither root nor sudo,
 * it never dies with a bare `apt-get: command not found`, but stops with one message naming each missing tool and how
 * to get it on Debian/Ubuntu and with Homebrew. Run with a PATH of fake commands, so nothing is installed for real.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { ROOT } from '../helpers/runner.js';

const { tempDir } = useTempDirs();
const TOOLS = ['skopeo', 'docker-registry', 'htpasswd', 'openssl', 'kubectl', 'cmark-gfm', 'stress-ng'];

/** A bin folder with these fake commands (each a script that succeeds, `id -u` printing `uid`). */
function bin(commands: string[], uid = 0): string {
  const dir = tempDir('bin-');
  const marker = join(dir, 'apt-get-ran');
  const bodies: Record<string, string> = { id: `echo ${uid}`, 'apt-get': `: > '${marker}'`, sudo: '"$@"' };
  for (const name of commands) {
    writeFileSync(join(dir, name), `#!/bin/bash\n${bodies[name] ?? 'exit 0'}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

function install(path: string) {
  const result = spawnSync('/bin/bash', [join(ROOT, 'scripts/install-test-tools.sh')], {
    env: { PATH: path },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('install-test-tools', () => {
  it('without apt-get: one message naming each missing tool, for Debian/Ubuntu and Homebrew', () => {
    const dir = bin(['id', 'openssl', 'kubectl']);
    const { code, err } = install(dir);
    expect(code).toBe(1);
    expect(err).not.toContain('command not found');
    expect(err).toContain(
      'install-test-tools: the tests drive these tools for real, and they are missing: skopeo docker-registry htpasswd cmark-gfm stress-ng',
    );
    expect(err).toContain('there is no apt-get here, so this script cannot install them');
    expect(err).toContain(
      '  htpasswd\n    Debian/Ubuntu:     sudo apt-get install apache2-utils\n    macOS (Homebrew):  brew install httpd',
    );
    expect(err).toContain('    macOS (Homebrew):  brew install distribution && ln -s');
    expect(err).toContain(
      'all at once: sudo apt-get install skopeo docker-registry apache2-utils cmark-gfm stress-ng',
    );
    expect(err).not.toMatch(/^ {2}(openssl|kubectl)$/m);
  });

  it('with apt-get but neither root nor sudo: the same message, and apt-get is not run', () => {
    const dir = bin(['id', 'apt-get', ...TOOLS.slice(1)], 1000);
    const { code, err } = install(dir);
    expect(code).toBe(1);
    expect(err).toContain('missing: skopeo');
    expect(err).toContain('this is not root and there is no sudo');
    expect(existsSync(join(dir, 'apt-get-ran'))).toBe(false);
  });

  it('with everything present it installs nothing and says what it found', () => {
    const dir = bin(['id', 'apt-get', ...TOOLS]);
    const { code, out } = install(dir);
    expect(code).toBe(0);
    expect(out).toContain(`install-test-tools: present skopeo=${dir}/skopeo`);
    expect(existsSync(join(dir, 'apt-get-ran'))).toBe(false);
  });

  it('with sudo it installs with apt-get, and says so when apt-get did not provide a tool', () => {
    const dir = bin(['id', 'apt-get', 'sudo', ...TOOLS.slice(1)], 1000);
    const { code, out, err } = install(dir);
    expect(existsSync(join(dir, 'apt-get-ran'))).toBe(true);
    expect(out).toContain('install-test-tools: installing skopeo');
    expect(code).toBe(1);
    expect(err).toContain('apt-get ran but did not provide them, so this script cannot install them');
  });
});
