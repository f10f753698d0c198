import { describe, expect, it } from 'vitest';
import { escapeText, link, safeUrl, SUMMARY_LIMIT, SummaryWriter } from '../../src/summary/writer.js';

describe('escaping', () => {
  it('neutralizes HTML and Markdown from the server or the user', () => {
    expect(escapeText('<img src=x onerror=alert(1)> **bold** | pipe\nline')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; \\*\\*bold\\*\\* \\| pipe<br>line',
    );
    // No link: the brackets are escaped, and the parenthesis after them (so no `](` is left to read as one).
    expect(escapeText('[link](javascript:alert(1))')).toBe('\\[link\\]\\(javascript:alert(1))');
  });

  it('keeps only http(s) links and escapes their text', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
    expect(safeUrl('https://x.example/a (b)')).toBe('https://x.example/a%20%28b%29');
    expect(link('a]b', 'https://x.example/')).toBe('[a\\]b](https://x.example/)');
    expect(link('text', 'data:text/html,x')).toBe('text');
  });
});

describe('the byte budget', () => {
  it('keeps a 5,000-row table under 1 MiB with a note saying what was left out', () => {
    const summary = new SummaryWriter();
    summary.heading('Environment diff');
    const rows = Array.from({ length: 5000 }, (_, i) => [
      `artifact-${i} <with> | markup`,
      { code: 'f'.repeat(64) },
      { text: `commit ${i}`, href: `https://github.example/acme/shop/commit/${'a'.repeat(40)}` },
      'x'.repeat(150),
    ]);
    summary.table(['Name', 'Fingerprint', 'Commit', 'Pods'], rows);
    const text = summary.toString();
    expect(Buffer.byteLength(text)).toBeLessThan(1024 * 1024);
    expect(Buffer.byteLength(text)).toBeGreaterThan(SUMMARY_LIMIT - 2000);
    expect(summary.truncated).toBe(true);
    const shown = text.split('\n').filter((l) => l.startsWith('| artifact-')).length;
    expect(text).toContain(`${5000 - shown} more row(s) or block(s) are not shown`);
    expect(text).toContain('The full result is in the `result-file` output.');
    expect(text).not.toContain('<with>');
  });

  it('adds no note when everything fits', () => {
    const summary = new SummaryWriter().heading('Small').table(['a'], [['1'], ['2']]);
    expect(summary.truncated).toBe(false);
    expect(summary.toString()).toBe('## Small\n\n| a |\n| --- |\n| 1 |\n| 2 |\n\n');
  });

  it('counts blocks after the cut too', () => {
    const summary = new SummaryWriter({ limit: 92 }); // the first paragraph takes 92 bytes
    summary.paragraph('x'.repeat(90)).paragraph('y').details('z', 'w');
    expect(summary.toString()).toContain('2 more row(s) or block(s)');
  });
});
