/** Cells and marks the summaries share, so a commit, a time or a state reads the same in every action. */
import type { ArtifactState } from '../api/schemas.js';
import { serviceTime } from '../context/time.js';
import type { Cell } from './writer.js';
import { redact } from '../trust/redact.js';
import { cutText } from '../trust/text.js';

export const STATE_MARK: Record<ArtifactState, string> = {
  COMPLIANT: '✅',
  'NON-COMPLIANT': '❌',
  // Same mark as a missing attestation: INCOMPLETE means some are missing.
  INCOMPLETE: '⚠️',
};
export const UNKNOWN_MARK = '❔';

/** `✅ COMPLIANT`, an unknown state as is; `note` (why it reads so: src/compliance/state.ts) in brackets. */
export function stateCell(state: string | null | undefined, note?: string): string {
  if (!state) return '';
  const mark = (STATE_MARK as Record<string, string | undefined>)[state];
  return `${mark ? `${mark} ${state}` : state}${note ? ` (${note})` : ''}`;
}

/** `✅ yes`, `❌ no`, or `unknown` when the service has not decided (null) or did not say. */
export function compliantCell(value: boolean | null | undefined, unknown = '—'): string {
  if (value === true) return '✅ yes';
  if (value === false) return '❌ no';
  return unknown;
}

/** An override's verdict in words: `overridden as compliant`, `overridden as non-compliant`, or without one. */
export function overrideVerdict(isCompliant: boolean | null | undefined): string {
  if (isCompliant === true) return 'overridden as compliant';
  if (isCompliant === false) return 'overridden as non-compliant';
  return 'overridden, no verdict';
}

export function overrideCell(isCompliant: boolean | null | undefined): string {
  const mark = isCompliant === true ? '✅ ' : isCompliant === false ? '❌ ' : '';
  return `${mark}${overrideVerdict(isCompliant)}`;
}

/** An override, verdict first, then who and why: `overridden as compliant by alice: 'hotfix approved by CAB'`. */
export function overrideText(o: {
  is_compliant?: boolean | null | undefined;
  reported_by?: string | null | undefined;
  description?: string | null | undefined;
}): string {
  const squeeze = (text: string | null | undefined, max: number) =>
    typeof text === 'string' && text.trim() !== '' ? cutText(text.trim().replace(/\s+/g, ' '), max) : '';
  const by = squeeze(o.reported_by, 100);
  const why = squeeze(o.description, 200);
  return `${overrideVerdict(o.is_compliant)}${by ? ` by ${by}` : ''}${why ? `: '${why}'` : ''}`;
}

/** The first line of a commit message, trimmed, cut at 72 characters (a subject line's usual bound). */
export function firstLine(message: string | null | undefined): string | undefined {
  const line = typeof message === 'string' ? message.trim().split('\n')[0]?.trim() : undefined;
  if (!line) return undefined;
  // Scrubbed before it is cut (cutText): half a token would no longer be found.
  return Array.from(line).length > 72 ? cutText(line, 71) : redact(line);
}

/** A commit as `abc1234 First line of its message`, linked; without a SHA, the URL's, else the word `commit`. */
export function commitCell(commit: {
  sha?: string | null | undefined;
  message?: string | null | undefined;
  url?: string | null | undefined;
}): Cell {
  const url = typeof commit.url === 'string' && commit.url !== '' ? commit.url : undefined;
  const sha =
    typeof commit.sha === 'string' && commit.sha !== ''
      ? commit.sha
      : url && /\/commit\/([0-9a-f]{7,40})\/?$/i.exec(url)?.[1];
  if (!sha && !url) return '';
  const subject = firstLine(commit.message);
  const text = sha ? `${sha.slice(0, 7)}${subject ? ` ${subject}` : ''}` : 'commit';
  return url ? { text, href: url } : text;
}

/** A service time (Unix seconds, or ISO 8601) as `formatTime` writes it; a text that is no date as given. */
export function timeCell(value: string | number | null | undefined): string | undefined {
  if (typeof value === 'number') return serviceTime(value);
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? (serviceTime(ms / 1000) ?? value) : value;
}

/** The first `max` texts, then how many more: `a, b and 3 more` (`more` follows the count). */
export function firstOf(texts: readonly string[], max: number, separator = ', ', more = ''): string {
  const rest = texts.length - max;
  return `${texts.slice(0, max).join(separator)}${rest > 0 ? ` and ${rest} more${more}` : ''}`;
}

/** What keeps an artifact or trail from being compliant, grouped: `non-compliant: snyk-scan; missing: a, b`. */
export function problemsText(
  problems: readonly { name: string; problem: 'missing' | 'non-compliant' }[],
  max = Infinity,
): string {
  return (['non-compliant', 'missing'] as const)
    .map((kind) => {
      const names = problems.filter((p) => p.problem === kind).map((p) => p.name);
      return names.length > 0 ? `${kind}: ${firstOf(names, max)}` : '';
    })
    .filter((text) => text !== '')
    .join('; ');
}

/** A trail's name in a table: a full commit SHA (the default trail) cut to 12 characters and `…`. */
export function trailText(name: string | null | undefined): string | undefined {
  if (typeof name !== 'string') return undefined;
  return /^[0-9a-f]{40}$/.test(name) ? `${name.slice(0, 12)}…` : name;
}

/** Why an artifact is not compliant: its problems, else the service's words, else the error; '' when compliant. */
export function whyNotCompliant(c: {
  compliant: boolean;
  problems?: readonly { name: string; problem: 'missing' | 'non-compliant' }[];
  stateInfo?: string;
  error?: { message: string };
}): string {
  if (c.compliant) return '';
  if (c.problems && c.problems.length > 0) return problemsText(c.problems);
  return c.stateInfo ?? c.error?.message ?? '';
}

/** One artifact in one line, for its annotation: `what: state: why. See <page>`, ending in one period. */
export function artifactLine(what: string, state: string, why: string, htmlUrl?: string): string {
  const reason = why.replace(/[.\s]+$/, '');
  return `${what}: ${state}${reason ? `: ${reason}` : ''}.${htmlUrl ? ` See ${htmlUrl}` : ''}`;
}
