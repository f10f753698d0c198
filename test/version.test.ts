import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USER_AGENT, VERSION } from '../src/version.js';

describe('version', () => {
  it('matches package.json, so the User-Agent tells the truth', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    expect(USER_AGENT).toBe(`compliance-actions/${pkg.version}`);
  });
});
