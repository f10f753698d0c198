/**
 * The summary writer as GitHub renders it: cmark-gfm, GitHub's own renderer. Whatever text it is given reads
 * the same once rendered (no markup of its own, no backslash left showing), and what needs no escape gets none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeCommitGroups } from '../../src/summary/commit-groups.js';
import { escapeText, link, safeUrl, SummaryWriter } from '../../src/summary/writer.js';
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
      // A URL stands apart, as in prose: glued to other text, GitHub's autolink takes in more than the URL. One with a
      // markup character in it shows a backslash in GitHub's link (see the crafted URLs below): not generated here.
      fc.constantFrom(
        'a',
        'b_c',
        '3',
        '1.',
        ' www.example.com ',
        ' https://e.test/a_b?q=1&r=2 ',
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
    expect(escapeText('see https://e.test/u/a_b?x=1 (docs)')).toBe('see https://e.test/u/a_b?x=1 (docs)');
  });

  it('escapes what would be markup: at the start of a line, and anywhere', () => {
    expect(escapeText('<img src=x onerror=alert(1)> **bold** | pipe\nline')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; \\*\\*bold\\*\\* \\| pipe<br>line',
    );
    // No link: the brackets are escaped, and the parenthesis after them (so no `](` is left to read as one).
    expect(escapeText('[link](javascript:alert(1))')).toBe('\\[link\\]\\(javascript:alert(1))');
    expect(escapeText('# 1')).toBe('\\# 1');
    expect(escapeText('2. two')).toBe('2\\. two');
    expect(escapeText('*a* _b_ `c` [d] ~e~ |f| <g> &h;')).toBe(
      '\\*a\\* \\_b\\_ \\`c\\` \\[d\\] \\~e\\~ \\|f\\| &lt;g&gt; &amp;h;',
    );
  });

  it('keeps only http(s) links and escapes their text', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
    expect(safeUrl('https://x.example/a (b)')).toBe('https://x.example/a%20%28b%29');
    expect(link('a]b', 'https://x.example/')).toBe('[a\\]b](https://x.example/)');
    expect(link('text', 'data:text/html,x')).toBe('text');
  });

  it('a crafted URL carries no link, image, emphasis or code, in a paragraph, a cell or a link text', () => {
    // A URL left unescaped is live Markdown where GitHub does not autolink it (in a link's text, or a host it does not
    // accept), and a trailing backslash would undo the escape after it.
    const hostile = [
      'https://x.y/](https://evil.test/)',
      'https://x.y/![p](https://evil.test/p.png)',
      'https://x.y/**bold**x',
      'https://x.y/`code`x',
      'https://a_b.c/[click](https://evil.test/)',
      'https://a_b.c/[x](javascript:alert(1))',
      'https://_x_.y',
      "https://x.y/'*'*'",
      'https://x.y/\\*. and https://x.y/\\*',
      'https://x.y/\\~a~ and www.x.y/\\_b_',
      // GitHub's autolink takes any case and ftp://, and neither `&lt;` nor a non-breaking space ends it.
      'HTTPS://x.y/*\nHTTPS://x.y/*',
      'https://x.y/a<*\nhttps://x.y/b<*',
      'FTP://x.y/_\nftp://x.y/_',
      'https://x.y/a\u00a0*b*',
      '    indented: a code block if kept',
    ];
    for (const text of hostile) {
      const html = renderGfm(
        new SummaryWriter()
          .paragraph(text)
          .table(['a', 'b'], [[text, { text, href: 'https://e.test/' }]])
          .toString(),
      );
      expect(html, text).not.toMatch(/<(img|em|strong|code|del|pre)\b/);
      // A link is the one written, or a bare URL GitHub links as itself: none shows one text and goes elsewhere.
      for (const [, href = '', shown = ''] of html.matchAll(/<a href="([^"]*)">(.*?)<\/a>/g)) {
        if (href === 'https://e.test/') continue;
        // GitHub links `www.` with `http://` in front.
        expect(renderedText(decodeURI(href)).replace(/^http:\/\/(?=www\.)/, ''), text).toBe(
          renderedText(shown),
        );
      }
      expect((html.match(/<td>/g) ?? []).length, text).toBe(2);
    }
  });

  it('a code cell and a link target carry no markup and break no cell', () => {
    const html = renderGfm(
      new SummaryWriter()
        .table(
          ['a', 'b', 'c'],
          [
            [
              { code: '*a* [click](https://evil.test) ![i](https://evil.test/p.png) `x` ~~y~~ a|b' },
              'z',
              'w',
            ],
            [{ text: 'x', href: 'https://e.test/?|*a*|`c`\\' }, 'z', 'w'],
          ],
        )
        .toString(),
    );
    expect(html).not.toMatch(/<(img|em|strong|del)\b/);
    // A bare URL GitHub links as itself is allowed; a link whose text is not its target is not.
    for (const [, href = '', shown = ''] of html.matchAll(/<a href="([^"]*)">(.*?)<\/a>/g)) {
      if (shown !== 'x') expect(renderedText(shown)).toBe(renderedText(decodeURI(href)));
    }
    expect((html.match(/<td>/g) ?? []).length).toBe(6);
    expect((html.match(/<td>z<\/td>/g) ?? []).length).toBe(2);
  });

  it('escapes a long text in linear time (a URL run is found once, not again for each character)', () => {
    const text = `${'www.'.repeat(20_000)} ${'*'.repeat(20_000)}`;
    // A quadratic escape takes minutes on this text: it would hang the test into its timeout. No time is asserted.
    expect(escapeText(text)).toContain('\\*\\*');
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

// The cut of a long summary (under 1 MiB, the note, markup escaped): diff-envs' 5,000-artifact summary in
// test/actions/diff-envs/diff-envs.test.ts.
describe('the byte budget', () => {
  it('adds no note when everything fits', () => {
    const summary = new SummaryWriter().heading('Small').table(['a'], [['1'], ['2']]);
    expect(summary.truncated).toBe(false);
    expect(summary.toString()).toBe('## Small\n\n| a |\n| --- |\n| 1 |\n| 2 |\n\n');
  });

  it('counts what it left out, blocks after the cut too', () => {
    const summary = new SummaryWriter({ limit: 92 }); // the first paragraph takes 92 bytes
    summary.paragraph('x'.repeat(90)).paragraph('y').details('z', 'w');
    expect(summary.toString()).toContain('2 more rows or blocks are not shown');
    expect(summary.truncated).toBe(true);
    const one = new SummaryWriter({ limit: 92 });
    expect(one.paragraph('x'.repeat(90)).paragraph('y').toString()).toContain(
      '1 more row or block is not shown',
    );
  });
});

// The groups in order, each with its count, within maxLines in all, counting what is left out: the gate's summary of a
// range in test/actions/check-attestations-for-commit/read-render.test.ts.
describe('writeCommitGroups', () => {
  it('escapes what came from outside: a subject, a detail', () => {
    const hostile = {
      sha: 'b'.repeat(40),
      title: '*bold* [x](javascript:alert(1)) @octocat <img src=x>',
      url: 'javascript:alert(1)',
      detail: `name_${'y'.repeat(300)} @github/security`,
    };
    const groups = [
      { title: 'Missing', commits: [hostile] },
      { title: 'Compliant', commits: [] },
    ];
    const options = { maxLines: 10, fullData: 'the result file' };
    const text = writeCommitGroups(new SummaryWriter(), groups, options).toString();
    // An empty group is left out, and nothing left out is not counted.
    expect(text.match(/^#### .*$/gm)).toEqual(['#### Missing: 1 commit']);
    expect(text).not.toContain('… and 0 more');
    expect(text).not.toMatch(/<img|\]\(javascript:|(?<![A-Za-z0-9_])@[A-Za-z0-9]/);
    // A link only to http(s): this one is text.
    expect(text).toContain('- bbbbbbb \\*bold\\*');
    // A long detail is cut.
    expect(text).toContain('…');
    expect(text.split('\n').find((line) => line.startsWith('- '))?.length).toBeLessThan(400);
    expect(renderProblems(text)).toEqual([]);
  });
});
