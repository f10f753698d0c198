/**
 * The links of the demo's job summaries, and whether each leads somewhere: a page of the demo's sandbox, fetched while
 * it runs, or an address marked as an example (the demo's repository, acme/shop, does not exist on github.com).
 */
import { Marked, type Token, type Tokens } from 'marked';

/**
 * Addresses the demo's story names that lead nowhere: its repository, commits, runs and compare pages on github.com
 * (from the seed, and from the runner's GITHUB_SERVER_URL and GITHUB_REPOSITORY). Shown as examples.
 */
export const EXAMPLE_PREFIXES = ['https://github.com/acme/'];

/** The http(s) addresses a reader can follow in `markdown` (GitHub-flavoured: links, autolinks, `<a href>`), each once. */
export function linksIn(markdown: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link') found.add((token as Tokens.Link).href);
      if (token.type === 'html') {
        for (const [, href = ''] of token.raw.matchAll(/\bhref\s*=\s*"([^"]*)"/gi)) found.add(href);
      }
      if (token.type === 'table') {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens);
      }
      if (token.type === 'list') for (const item of (token as Tokens.List).items) walk(item.tokens);
      if ('tokens' in token && Array.isArray(token.tokens)) walk(token.tokens);
    }
  };
  walk(new Marked({ gfm: true }).lexer(markdown));
  return [...found].filter((href) => /^https?:\/\//i.test(href));
}

export interface LinkCheck {
  /** The distinct pages of the sandbox linked, each fetched. */
  sandbox: number;
  /** The distinct example addresses linked. */
  examples: number;
  /** `<address>: <what is wrong>`, for a page that did not answer 200 or an address neither the sandbox's nor an example. */
  problems: string[];
}

/** Fetches every link to `origin` (the running sandbox) in `markdown`; every other link must be an example. */
export async function checkLinks(markdown: string, origin: string): Promise<LinkCheck> {
  const links = linksIn(markdown);
  const ours = links.filter((href) => new URL(href).origin === origin);
  const examples = links.filter(
    (href) => !ours.includes(href) && EXAMPLE_PREFIXES.some((p) => href.startsWith(p)),
  );
  const problems = links
    .filter((href) => !ours.includes(href) && !examples.includes(href))
    .map((href) => `${href}: neither the sandbox's nor marked as an example`);
  const answers = await Promise.all(
    ours.map(async (href) => {
      try {
        // A hang guard: the sandbox answers a page in milliseconds.
        const res = await fetch(href, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        return res.status === 200 ? undefined : `${href}: answered ${res.status}`;
      } catch (error) {
        return `${href}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }),
  );
  problems.push(...answers.filter((problem) => problem !== undefined));
  return { sandbox: ours.length, examples: examples.length, problems };
}
