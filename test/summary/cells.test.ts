import { describe, expect, it } from 'vitest';
import {
  artifactLine,
  commitCell,
  compliantCell,
  firstLine,
  overrideCell,
  overrideText,
  problemsText,
  STATE_MARK,
  stateCell,
  timeCell,
  trailText,
  whyNotCompliant,
} from '../../src/summary/cells.js';

describe('summary cells', () => {
  it('shows a commit as a short SHA and the first line of its message, linked', () => {
    const sha = 'abcdef1234567890abcdef1234567890abcdef12';
    expect(commitCell({ sha, message: '  Fix it\n\nbody', url: 'https://git.example/c' })).toEqual({
      text: 'abcdef1 Fix it',
      href: 'https://git.example/c',
    });
    expect(commitCell({ sha, message: null, url: null })).toBe('abcdef1');
    // From the URL alone (diff-envs has only a commit URL).
    expect(commitCell({ url: `https://git.example/r/commit/${sha}` })).toEqual({
      text: 'abcdef1',
      href: `https://git.example/r/commit/${sha}`,
    });
    expect(commitCell({ url: 'https://git.example/r/x' })).toEqual({
      text: 'commit',
      href: 'https://git.example/r/x',
    });
    expect(commitCell({})).toBe('');
  });

  it('cuts a long subject line', () => {
    expect(firstLine('x'.repeat(100))).toBe(`${'x'.repeat(71)}…`);
    expect(firstLine('   ')).toBeUndefined();
    expect(firstLine(null)).toBeUndefined();
  });

  it('has one mark per state, INCOMPLETE included', () => {
    expect(STATE_MARK).toEqual({ COMPLIANT: '✅', 'NON-COMPLIANT': '❌', INCOMPLETE: '⚠️' });
    expect(stateCell('INCOMPLETE')).toBe('⚠️ INCOMPLETE');
    expect(stateCell('ARCHIVED')).toBe('ARCHIVED');
    expect(stateCell(null)).toBe('');
  });

  it('shows times and compliance', () => {
    expect(timeCell(1793610200)).toBe('2026-11-02T09:03:20Z');
    expect(timeCell('2026-11-01T10:00:00Z')).toBe('2026-11-01T10:00:00Z');
    // One format: a service's fractions and offsets are written as every other time.
    expect(timeCell('2026-11-24T21:00:17.760Z')).toBe('2026-11-24T21:00:17Z');
    expect(timeCell('2026-11-24T22:00:17+01:00')).toBe('2026-11-24T21:00:17Z');
    expect(timeCell('yesterday')).toBe('yesterday');
    expect(timeCell(null)).toBeUndefined();
    expect(compliantCell(true)).toBe('✅ yes');
    expect(compliantCell(false)).toBe('❌ no');
    expect(compliantCell(null)).toBe('—');
    expect(compliantCell(undefined, '')).toBe('');
  });

  it('groups what keeps something from being compliant, the non-compliant first', () => {
    expect(
      problemsText([
        { name: 'a', problem: 'missing' },
        { name: 'scan', problem: 'non-compliant' },
        { name: 'b', problem: 'missing' },
      ]),
    ).toBe('non-compliant: scan; missing: a, b');
    expect(problemsText([])).toBe('');
  });

  it('cuts only a trail named by a full commit SHA', () => {
    expect(trailText('c'.repeat(40))).toBe(`${'c'.repeat(12)}…`);
    expect(trailText('release-7')).toBe('release-7');
    expect(trailText('C'.repeat(40))).toBe('C'.repeat(40));
    expect(trailText(null)).toBeUndefined();
  });

  it('says an override verdict first, then who and why, on one line and cut', () => {
    expect([true, false, null].map(overrideCell)).toEqual([
      '✅ overridden as compliant',
      '❌ overridden as non-compliant',
      'overridden, no verdict',
    ]);
    expect(
      overrideText({ is_compliant: true, reported_by: ' alice ', description: 'hotfix\n approved  by CAB' }),
    ).toBe("overridden as compliant by alice: 'hotfix approved by CAB'");
    expect(overrideText({ is_compliant: null, reported_by: '', description: null })).toBe(
      'overridden, no verdict',
    );
    expect(overrideText({ is_compliant: false, description: 'x'.repeat(250) })).toBe(
      `overridden as non-compliant: '${'x'.repeat(200)}…'`,
    );
  });

  it('says why an artifact is not compliant, and puts it on one annotation line', () => {
    const why = [
      { compliant: true, stateInfo: 'x' },
      { compliant: false, problems: [{ name: 'a', problem: 'missing' as const }], stateInfo: 's' },
      { compliant: false, problems: [], stateInfo: 's' },
      { compliant: false, error: { message: 'e' } },
      { compliant: false },
    ].map(whyNotCompliant);
    expect(why).toEqual(['', 'missing: a', 's', 'e', '']);
    expect(artifactLine('app:1', '❌ NON-COMPLIANT', 'missing: a.. ', 'https://x/y')).toBe(
      'app:1: ❌ NON-COMPLIANT: missing: a. See https://x/y',
    );
    expect(artifactLine('app:1', 'COMPLIANT', '')).toBe('app:1: COMPLIANT.');
  });
});
