/**
 * `commit_list` in chunks: 4,950 commits go as requests of at most COMMITS_PER_REQUEST, each URL under
 * 8 KiB (a common limit of proxies and servers) even with long narrowing names, at most four in flight, and the
 * answers merged into one map with every commit a key.
 */
import { describe, expect, it } from 'vitest';
import { COMMITS_PER_REQUEST } from '../../src/api/client.js';
import { json, useClientAgainst } from '../helpers/server.js';

const setup = useClientAgainst();
const sha = (i: number) => i.toString(16).padStart(40, '0');

describe('listAttestationsForCommits in chunks', () => {
  it('4,950 commits: 50 requests of 100 and a last one of 50, each URL under 8 KiB, at most 4 in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const { server, client } = await setup(async (req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      const commits = req.url.searchParams.getAll('commit_list');
      json(res, 200, Object.fromEntries(commits.map((c) => [c, []])));
    });
    const commits = Array.from({ length: 4950 }, (_, i) => sha(i));
    // Names as long as anyone would give them: 128 characters each.
    const long = 'n'.repeat(120);
    const found = await client.listAttestationsForCommits({
      commit_list: commits,
      flow_name: `flow-${long}`,
      attestation_type: `custom:${long}`,
      attestation_name: `name-${long}`,
    });
    expect(COMMITS_PER_REQUEST).toBe(100);
    expect(server.requests).toHaveLength(50);
    for (const { url } of server.requests) {
      // What the server reads: the path and query of the request line.
      expect(Buffer.byteLength(`${url.pathname}${url.search}`)).toBeLessThan(8 * 1024);
    }
    // Every commit once; in any order, as four requests in flight arrive as they will (a busy machine reorders them).
    const sent = server.requests.flatMap((r) => r.url.searchParams.getAll('commit_list'));
    expect([...sent].sort()).toEqual([...commits].sort());
    expect(peak).toBeLessThanOrEqual(4);
    expect(
      server.requests.map((r) => r.url.searchParams.getAll('commit_list').length).sort((a, b) => a - b),
    ).toEqual([50, ...Array<number>(49).fill(100)]);
    expect(Object.keys(found)).toHaveLength(4950);
  });
});
