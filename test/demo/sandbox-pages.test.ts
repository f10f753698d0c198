/**
 * The sandbox's own pages (packages/sandbox/src/ui.ts), where the service's links of the demo's summaries lead (issue
 * 29): with `uiBase: 'own'` every `html_url` it answers is one of its pages, each page answers, its links lead to
 * pages that answer, and the service's text on it is escaped. Without the option nothing changes: the links are the
 * seed's and there are no pages (the dist and contract tests hold links to https://sandbox.compliance.invalid).
 */
import { describe, expect, it } from 'vitest';
import { hostileSeed, HOSTILE_TEXT } from '@compliance-actions/sandbox/seeds/hostile';
import { PROFILES } from '@compliance-actions/sandbox/profile';
import { UI_URL } from '@compliance-actions/sandbox/seeds/index';
import { demoSeed, useSandbox, type Running } from '../helpers/sandbox.js';

const start = useSandbox();

const demo = demoSeed().orgs.demo;
const [GOOD_COMMIT = '', BAD_COMMIT = ''] = demo.trails.map((t) => t.name);
const [FP_14 = '', FP_15 = ''] = demo.artifacts.map((a) => a.fingerprint);

/** Every address under `prefix` in a JSON answer. */
function addressesIn(json: unknown, prefix: string): string[] {
  return [...JSON.stringify(json).matchAll(/"(https?:\/\/[^"]+)"/g)]
    .map(([, url = '']) => url)
    .filter((url) => url.startsWith(prefix));
}

/** The `html_url`-like addresses the sandbox answers about the demo seed, from each endpoint that gives some. */
async function linksAnswered(sb: Running): Promise<string[]> {
  const paths = [
    '/trails/demo?flow=backend',
    '/attestations/demo/backend',
    `/artifacts/demo/backend/fingerprint/${FP_15}`,
    `/deployments/demo/staging/${FP_15}`,
    `/attestations/demo/list_attestations_for_criteria?commit_list=${GOOD_COMMIT}&commit_list=${BAD_COMMIT}`,
  ];
  const found = new Set<string>();
  for (const path of paths) {
    const res = await sb.fetch(path);
    expect(res.status, path).toBe(200);
    for (const url of addressesIn(await res.json(), sb.sandbox.uiUrl)) found.add(url);
  }
  return [...found];
}

/** The page at `url`, checked to be one: 200, HTML, nothing in it allowed to run. */
async function page(url: string): Promise<string> {
  const res = await fetch(url);
  const html = await res.text();
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  return html;
}

/** Every page reachable from `from` by its links (the sandbox's own addresses), each fetched once. */
async function crawl(origin: string, from: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    const html = await page(`${origin}${path}`);
    seen.set(path, html);
    for (const [, href = ''] of html.matchAll(/<a href="([^"]*)"/g)) {
      const next = href.replace(/&amp;/g, '&');
      expect(next, `a link of ${path}`).toMatch(/^\/ui\//);
      if (!seen.has(next)) queue.push(next);
    }
  }
  return seen;
}

describe("the sandbox's own pages (uiBase: 'own')", () => {
  it('answers every link the API gives with a page of its own, about what the link names', async () => {
    // The pages do not depend on the answer profile; the full one gives every link.
    const sb = await start({ uiBase: 'own', profile: 'full' });
    const ui = sb.sandbox.uiUrl;
    expect(ui).toBe(`${new URL(sb.url).origin}/ui`);
    const links = await linksAnswered(sb);
    // Trails, attestations, an artifact, a deployment's snapshot diff and environment.
    expect(links).toContain(`${ui}/demo/flows/backend/trails/${BAD_COMMIT}`);
    expect(links).toContain(`${ui}/demo/flows/backend/artifacts/${FP_15}`);
    expect(links).toContain(`${ui}/demo/environments/staging`);
    expect(links.some((l) => /\/environments\/staging\/snapshots\/\d+\?compare=\d+$/.test(l))).toBe(true);
    expect(links.some((l) => l.includes('/attestations/'))).toBe(true);
    for (const link of links) await page(link);
    // From the first page to the last, links only to pages that answer: both orgs, their flows, trails,
    // attestations, artifacts, environments and snapshots.
    const pages = await crawl(new URL(sb.url).origin, '/ui/');
    expect(pages.size).toBeGreaterThan(30);
    expect([...pages.keys()]).toContain(`/ui/demo/flows/backend/trails/${GOOD_COMMIT}`);

    const artifact = await page(`${ui}/demo/flows/backend/artifacts/${FP_15}`);
    expect(artifact).toContain('<h1>Artifact ghcr.io/acme/backend:1.5.0</h1>');
    expect(artifact).toContain('<h2>Evidence: NON-COMPLIANT</h2>');
    expect(artifact).toMatch(/>snyk-scan<\/a><\/td><td>snyk<\/td><td>non-compliant<\/td>/);
    expect(artifact).toContain(`<code>${FP_15}</code>`);
    // Addresses outside the sandbox (the seed's commits, on github.com) are text, never links.
    expect(artifact).toContain('<code>https://github.com/acme/shop/actions/runs/102</code>');
    expect(artifact).not.toContain('href="https://');

    const diff = await page(`${ui}/demo/environments/staging/snapshots/2?compare=1`);
    expect(diff).toContain('<h1>Snapshot staging#2</h1>');
    expect(diff).toMatch(
      /<td>started<\/td><td><a href="[^"]+">ghcr\.io\/acme\/backend:1\.5\.0<\/a><\/td><td>0 → 2<\/td>/,
    );
    expect(diff).toMatch(
      /<td>stopped<\/td><td><a href="[^"]+">ghcr\.io\/acme\/backend:1\.4\.0<\/a><\/td><td>1 → 0<\/td>/,
    );
    expect(diff).toContain(`/ui/demo/flows/backend/artifacts/${FP_14}`);
  });

  it("escapes the service's text: a hostile seed's HTML, line breaks and commands are shown, never markup", async () => {
    const sb = await start({ seed: hostileSeed(), uiBase: 'own' });
    const pages = await crawl(new URL(sb.url).origin, '/ui/');
    const all = [...pages.values()].join('\n');
    expect(all).not.toContain('<img');
    expect(all).not.toContain('<!-- hostile -->');
    expect(all).toContain('&lt;img src=x onerror=alert(1)&gt; &lt;!-- hostile --&gt;');
    expect(all).not.toMatch(/href="javascript:/i);
    expect(HOSTILE_TEXT).toContain('<img');
  });

  it('says what is not there (escaped), refuses what is not a read, and takes no fault meant for the API', async () => {
    const sb = await start({ uiBase: 'own' });
    const ui = sb.sandbox.uiUrl;
    const missing = await fetch(`${ui}/demo/flows/%3Cb%3Ex`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(
      'Flow &#39;&lt;b&gt;x&#39; of org &#39;demo&#39; is not in the sandbox.',
    );
    expect((await fetch(`${ui}/nobody`)).status).toBe(404);
    expect((await fetch(`${ui}/demo/environments/staging/snapshots/99`)).status).toBe(404);
    expect((await fetch(`${ui}/demo/flows/backend/trails/x/y`)).status).toBe(404);
    const post = await fetch(`${ui}/demo`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    // A fault is for the next API request: a page does not take it.
    sb.sandbox.faults.failNext(1, 503);
    expect((await fetch(`${ui}/demo`)).status).toBe(200);
    expect((await sb.fetch('/actions/demo')).status).toBe(503);
  });
});

describe('the sandbox without the option', () => {
  it.each(PROFILES)("links to the seed's ui_url, and serves no page, answering %s", async (profile) => {
    const sb = await start({ profile });
    expect(sb.sandbox.uiUrl).toBe(UI_URL);
    const res = await sb.fetch(`/artifacts/demo/backend/fingerprint/${FP_15}`);
    const links = addressesIn(await res.json(), 'https://');
    // The minimal profile gives no html_url: then nothing links anywhere.
    for (const link of links)
      expect(link.startsWith(`${UI_URL}/`) || link.startsWith('https://github.com/'), link).toBe(true);
    const page = await fetch(`${new URL(sb.url).origin}/ui/demo`);
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({
      message: 'Not found: /ui/demo (the API is under /api/v2)',
      errors: {},
    });
  });
});
