/**
 * Markdown as GitHub renders it: `cmark-gfm`, GitHub's fork of cmark, with the extensions GitHub uses. Raw HTML is
 * kept (`--unsafe`), as GitHub keeps the tags it allows; `tagfilter` disarms the ones it never allows.
 */
import { execFileSync } from 'node:child_process';

export function renderGfm(markdown: string): string {
  return execFileSync(
    'cmark-gfm',
    ['--unsafe', '-e', 'table', '-e', 'strikethrough', '-e', 'autolink', '-e', 'tagfilter'],
    { input: markdown, encoding: 'utf8' },
  );
}

/** The raw HTML a summary may hold: what GitHub keeps. Anything else is stripped or shown as text there. */
const ALLOWED_TAGS = new Set('details summary br code sub sup b i em strong kbd'.split(' '));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The text a reader sees: tags removed, entities decoded (named, decimal and hexadecimal). */
export function renderedText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot));/gi,
      (_, hex?: string, dec?: string, name?: string) =>
        hex !== undefined
          ? String.fromCodePoint(parseInt(hex, 16))
          : dec !== undefined
            ? String.fromCodePoint(Number(dec))
            : (ENTITIES[name ?? ''] ?? ''),
    );
}

/**
 * What does not render as meant: a table that is not a table, a link that is not a link, a backslash escape that
 * shows, a tag GitHub would not keep. Empty when the Markdown renders as its writer meant.
 */
export function renderProblems(markdown: string): string[] {
  const html = renderGfm(markdown);
  const problems: string[] = [];
  const tables = (markdown.match(/^\|.*\|\s*\n\|(?:\s*:?-{3,}:?\s*\|)+\s*$/gm) ?? []).length;
  const rendered = (html.match(/<table>/g) ?? []).length;
  if (rendered < tables) problems.push(`${tables} table(s) in the Markdown, ${rendered} rendered`);
  const links = (markdown.match(/\]\(https?:\/\//g) ?? []).length;
  const anchors = (html.match(/<a href="https?:\/\//g) ?? []).length;
  if (anchors < links) problems.push(`${links} link(s) in the Markdown, ${anchors} rendered`);
  // A backslash the text itself holds is written `\\` in Markdown, and as it is in a block of raw HTML (the summary of
  // a block <details>); either way it shows once. Any other that shows is an escape that failed.
  const shown = renderedText(html).match(/\\[!-/:-@[-`{-~]/g) ?? [];
  const inHtml = [...markdown.matchAll(/^<details><summary>(.*?)<\/summary>/gm)].map(
    ([, summary = '']) => summary,
  );
  const own =
    (markdown.match(/\\\\(?=[!-/:-@[-`{-~])/g) ?? []).length +
    inHtml.reduce((sum, summary) => sum + (summary.match(/\\(?=[!-/:-@[-`{-~])/g) ?? []).length, 0);
  if (shown.length > own) problems.push(`a backslash escape shows as text: ${shown.join(' ')}`);
  for (const [, tag = ''] of markdown.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)[\s/>]/g)) {
    if (!ALLOWED_TAGS.has(tag.toLowerCase())) problems.push(`raw HTML GitHub would not keep: <${tag}>`);
  }
  return [...new Set(problems)];
}
