// Commit pages named by the service: untrusted text, so only an http(s) URL of GitHub's form
// `<origin>/<owner>/<repo>/commit/<sha>` is read; anything else names nothing.
import { patterns } from '../api/schemas/common.js';

export function commitPage(url: string | null | undefined) {
  const parsed = typeof url === 'string' ? URL.parse(url) : null;
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return undefined;
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  const parts = parsed.pathname.split('/').filter((part) => part !== '');
  const [owner, repo, kind, sha] = parts;
  if (parts.length !== 4 || kind !== 'commit' || !owner || !repo || !sha || !patterns.commitSha.test(sha))
    return undefined;
  return { origin: parsed.origin, repository: `${owner}/${repo}`, sha: sha.toLowerCase() };
}

/** A commit page rebuilt from its parts, so nothing else the service put in the URL is passed on; else undefined. */
export function canonicalCommitUrl(url: string | null | undefined): string | undefined {
  const page = commitPage(url);
  return page && `${page.origin}/${page.repository}/commit/${page.sha}`;
}

export function commitOfUrl(url: string | null | undefined): string | undefined {
  return commitPage(url)?.sha;
}

/** `<origin>/<owner>/<repo>/compare/<from>...<to>` when both pages are of one repository; else undefined. */
export function compareUrl(from: string | null | undefined, to: string | null | undefined) {
  const a = commitPage(from);
  const b = commitPage(to);
  // GitHub's owner and repository names are not case-sensitive.
  const sameRepository =
    a && b && a.origin === b.origin && a.repository.toLowerCase() === b.repository.toLowerCase();
  if (!a || !b || !sameRepository || a.sha === b.sha) return undefined;
  return `${a.origin}/${a.repository}/compare/${a.sha}...${b.sha}`;
}
