/**
 * The summary writer as GitHub renders it (issue 15): cmark-gfm, GitHub's own renderer. Whatever text it is given reads
 * the same once rendered (no markup of its own, no backslash left showing), and what needs no escape gets none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeText, SummaryWriter } from '../../src/summary/writer.js';
import { redact } from '../../src/trust/redact.js';
import { LINE_BREAK_MARK, noMention, oneLine } from '../../src/trust/text.js';
import { renderedText, renderGfm, renderProblems } from '../helpers/gfm.js';

/** What a reader should see of `text`: scrubbed, its line breaks as breaks, mentions broken (the mark not compared). */
const seen = (text: string) =>
  noMention(oneLine(redact(text)))
    .split(LINE_BREAK_MARK)
    .join('\n')
    .replace(/\u200b/g, '')
    .trim();

/** Text built from the characters Markdown and HTML give a meaning to, and words and URLs around them. */
const markupy = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'\\`*_[](){}#+-=!|~<>&;:."\' \n\t'.split('')),
      // A URL stands apart, as in prose: glued to other text, GitHub's autolink takes in more than the URL.
      fc.constantFrom(
        'a',
        'b_c',
        '3',
        '1.',
        ' www.example.com ',
        ' https://e.test/a_b*c?q=1&r=2 ',
        '&amp;',
        '<b>',
        '@x',
      ),
    ),
    { maxLength: 24 },
  )
  .map((parts) => `x ${parts.join('')} y`);

describe('escapeText, rendered by cmark-gfm', () => {
  it('renders as the text it was given, with no markup of its own and no backslash showing', () => {
    fc.assert(
      fc.property(markupy, (text) => {
        const html = renderGfm(`${escapeText(text)}\n`);
        expect(html).not.toMatch(/<(em|strong|code|del|img|h\d|ul|ol|li|blockquote|table|hr)\b/);
        expect(
          renderedText(html)
            .replace(/[\n\u200b]/g, '')
            .trim(),
        ).toBe(seen(text).replace(/\n/g, ''));
      }),
      { numRuns: 150 },
    );
  });

  it('escapes nothing that needs no escape', () => {
    expect(escapeText('3 pod(s) in production#3, 100% {ok}!')).toBe('3 pod(s) in production#3, 100% {ok}!');
    expect(escapeText('snake_case and a-b + c = d')).toBe('snake_case and a-b + c = d');
    expect(escapeText('see https://e.test/~u/a_b*c (docs)')).toBe('see https://e.test/~u/a_b*c (docs)');
  });

  it('escapes what would be markup: at the start of a line, and anywhere', () => {
    expect(escapeText('# 1')).toBe('\\# 1');
    expect(escapeText('2. two')).toBe('2\\. two');
    expect(escapeText('*a* _b_ `c` [d] ~e~ |f| <g> &h;')).toBe(
      '\\*a\\* \\_b\\_ \\`c\\` \\[d\\] \\~e\\~ \\|f\\| &lt;g&gt; &amp;h;',
    );
  });

  it("a block <details>' summary is escaped as HTML: a Markdown escape would show there", () => {
    const html = renderGfm(new SummaryWriter().details('Pods (3) of #3, *all* <ok>', 'body').toString());
    expect(html).toContain('<summary>Pods (3) of #3, *all* &lt;ok&gt;</summary>');
  });

  it('a table, a link and a folded block render as meant, whatever their text', () => {
    fc.assert(
      fc.property(markupy, markupy, (a, b) => {
        const markdown = new SummaryWriter()
          .heading(a, 3)
          .table(
            ['name', b],
            [
              [a, { text: b, href: 'https://e.test/x' }],
              [{ details: a, lines: [b] }, b],
            ],
          )
          .details(a, 'body')
          .toString();
        expect(renderProblems(markdown)).toEqual([]);
        const shown = renderedText(renderGfm(markdown)).replace(/\u200b/g, '');
        expect(shown).toContain(seen(a).split('\n')[0]?.trim() ?? '');
      }),
      { numRuns: 60 },
    );
  });
});
