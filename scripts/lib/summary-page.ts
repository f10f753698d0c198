// Job summaries as one HTML page, rendered as GitHub-flavoured Markdown (tables, <details>, links), so the demo's
// summaries can be read in a browser as they would look on a run's page.
import { Marked } from 'marked';

const STYLE = `
body { font: 14px/1.5 -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; color: #1f2328; max-width: 1012px;
  margin: 2rem auto; padding: 0 1rem; }
h1, h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
table { border-collapse: collapse; display: block; overflow: auto; margin: 1em 0; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
tr:nth-child(2n) { background: #f6f8fa; }
code { background: #eff1f3; border-radius: 6px; padding: .2em .4em; font-size: 85%; }
blockquote { border-left: .25em solid #0969da; color: #59636e; margin: 0; padding: 0 1em; }
a { color: #0969da; }
`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A CSS string: the prefixes are the demo's own, but a quote, backslash, line break or `<` in one must not end it. */
const cssString = (text: string) =>
  `"${text.replace(/["\\\n<]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;

/**
 * The page. Each link whose address starts with one of `examplePrefixes` is followed by "(example)" wherever it
 * appears, for an address that leads nowhere (the demo's repository on github.com).
 */
export function renderSummariesPage(title: string, markdown: string, examplePrefixes: string[] = []): string {
  const body = new Marked({ gfm: true, async: false }).parse(markdown) as string;
  const examples = examplePrefixes
    .map(
      (prefix) =>
        `a[href^=${cssString(prefix)}]::after { content: " (example)"; color: #59636e; font-size: 85%; }`,
    )
    .join('\n');
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n` +
    `<style>${STYLE}${examples}</style>\n</head>\n<body>\n${body}</body>\n</html>\n`
  );
}
