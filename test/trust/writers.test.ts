/**
 * The job-summary writer and the PR-comment builder over arbitrary Unicode: no mention survives (while the text still
 * reads the same), and a table row stays one line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderStickyBody } from '../../src/github/comment.js';
import { SummaryWriter } from '../../src/summary/writer.js';
import { hostileText } from '../helpers/arbitraries.js';

/** A mention as GitHub reads one: `@` not after a word character, then a user or `org/team` name. */
const MENTION = /(?<![A-Za-z0-9_])@[A-Za-z0-9]/;
const ZWSP = /\u200b/g;

const hostile = hostileText([
  '@octocat',
  '@github/security',
  ' @a',
  '(@b)',
  '\n@c',
  '\u2028',
  '\r',
  '|',
  '<br>',
  'x@y.z',
]);

function summaryOf(text: string): string {
  return new SummaryWriter()
    .heading(text)
    .paragraph(text)
    .table(['Name', 'Link'], [[text, { text, href: `https://service.test/${encodeURIComponent(text)}` }]])
    .details(text, text)
    .toString();
}

describe('summary writer and PR comment', () => {
  it('leave no mention, and the text reads the same apart from the mark that breaks it', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const summary = summaryOf(text);
        const comment = renderStickyBody({ key: text, body: summary }).text;
        expect(summary).not.toMatch(MENTION);
        expect(comment).not.toMatch(MENTION);
      }),
      { numRuns: 300 },
    );
    const shown = new SummaryWriter().paragraph('ask @octocat or @github/security').toString();
    expect(shown.replace(ZWSP, '')).toBe('ask @octocat or @github/security\n\n');
  });

  it('keep every table row on one line, whatever line breaks a cell holds', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const table = new SummaryWriter()
          .table(
            ['A', 'B'],
            [
              [a, b],
              [b, { code: a }],
            ],
          )
          .toString();
        const lines = table.trimEnd().split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
        expect(lines).toHaveLength(4);
        for (const line of lines) expect(line.startsWith('|')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  // A secret in any form: test/trust/redact.test.ts, each form through the summary and the comment.
});
