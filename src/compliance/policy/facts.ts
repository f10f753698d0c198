// What the service says of each artifact a policy judges: its trails in its flow (`GET /trails?flow&fingerprint`),
// read once per distinct flow and fingerprint, at most 8 in flight. What an answer lacks is UNKNOWN, never a pass.
import type { ComplianceClient } from '../../api/client.js';
import { mapBounded } from '../../api/pagination.js';
import { isRecord } from '../../api/parse.js';
import type { Trail } from '../../api/schemas.js';
import { stepError } from '../../runtime/step.js';
import { malformedName, stepWide } from '../lookup.js';
import { trailState } from '../state.js';
import type { ArtifactFacts, AttestationFact, TrailFact } from './evaluate.js';
import { contextsOf, UNKNOWN } from './expression.js';
import type { Policy } from './load.js';

/** Trail reads in flight at once, and in one step: past it, the rest are unknown. */
const POLICY_CONCURRENCY = 8;
const MAX_POLICY_READS = 1000;
/** The trails of one artifact read: one page of the most the service serves. */
const TRAILS_PER_ARTIFACT = 100;

/** An artifact to judge: `flow` null when it has no provenance, undefined when the answer does not say (`why`). */
export interface PolicySubject {
  name: string | null;
  fingerprint: string;
  flow: string | null | undefined;
  why?: string;
  /** Its page in the service, where known. */
  url?: string | null;
}

/** Whether any rule of these policies reads a trail: trail compliance, attestations, or a flow tag. */
function needsTrails(policies: readonly Policy[]): boolean {
  return policies.some((p) => {
    const conditions = [
      ...p.provenance.exceptions,
      ...p.trailCompliance.exceptions,
      ...p.attestations.flatMap((a) => (a.when ? [a.when] : [])),
    ];
    return (
      p.trailCompliance.required ||
      p.attestations.length > 0 ||
      conditions.some((c) => contextsOf(c.expr).has('flow.tags'))
    );
  });
}

/** One artifact to judge: its fingerprint in its flow, no flow (null) and an unknown one (undefined) apart. */
export const keyOf = (s: PolicySubject) =>
  `${typeof s.flow === 'string' ? `flow ${s.flow}` : String(s.flow)}\0${s.fingerprint}`;

/** Each subject's facts, in order; a read that fails leaves its artifact unknown, a refused token or outage all. */
export async function readPolicyFacts(
  client: ComplianceClient,
  subjects: readonly PolicySubject[],
  policies: readonly Policy[],
): Promise<{ facts: ArtifactFacts[]; reads: number; leftOut: number }> {
  const read = needsTrails(policies);
  const toRead = read ? subjects.filter((s) => typeof s.flow === 'string') : [];
  const allowed = new Set(toRead.slice(0, MAX_POLICY_READS));
  const facts = await mapBounded(subjects, POLICY_CONCURRENCY, async (s): Promise<ArtifactFacts> => {
    const base = { name: s.name, fingerprint: s.fingerprint };
    if (s.flow === null) return { ...base, flow: null, trails: [], attestations: [] };
    if (s.flow === undefined) return { ...base, ...unreadIn(UNKNOWN, s.why ?? 'the answer names no flow') };
    const flow = s.flow;
    const unread = (why: string, notRead = false): ArtifactFacts => ({
      ...base,
      ...unreadIn(flow, why),
      ...(notRead && { notRead }),
    });
    if (!read) return unread('not read');
    if (!allowed.has(s)) return unread(`over ${MAX_POLICY_READS} reads in one step`, true);
    const malformed = malformedName(flow, s.fingerprint);
    if (malformed !== undefined) return unread(`the answer names ${malformed}`);
    try {
      const { items } = await client.listAllTrails(
        { flow, fingerprint: s.fingerprint },
        { perPage: TRAILS_PER_ARTIFACT, maxItems: TRAILS_PER_ARTIFACT, concurrency: 1 },
      );
      return { ...base, ...factsOf(flow, s.fingerprint, items) };
    } catch (error) {
      // A 404 is about this flow, which the service named: this artifact's, not the step's.
      if (stepWide(error, [401, 403])) throw error;
      return unread(stepError(error).message, true);
    }
  });
  return {
    facts,
    reads: allowed.size,
    leftOut: toRead.length - allowed.size,
  };
}

/** Facts not read in `flow` (or in a flow not known): its tags, its trails and their attestations unknown, and why. */
function unreadIn(
  flow: string | typeof UNKNOWN,
  why: string,
): Pick<ArtifactFacts, 'flow' | 'trails' | 'attestations' | 'why'> {
  return {
    flow: flow === UNKNOWN ? UNKNOWN : { name: flow, tags: UNKNOWN },
    trails: UNKNOWN,
    attestations: UNKNOWN,
    why,
  };
}

/** The facts in the trails of `flow` that hold `fingerprint`. */
export function factsOf(
  flow: string,
  fingerprint: string,
  trails: readonly Trail[],
): Pick<ArtifactFacts, 'flow' | 'trails' | 'attestations' | 'why'> {
  const unnamed = trails.find((t) => typeof t.flow?.name !== 'string');
  if (unnamed !== undefined) {
    return unreadIn(
      flow,
      unnamed.name
        ? `the answer does not name the flow of trail ${unnamed.name}`
        : 'the answer names neither a trail nor its flow',
    );
  }
  // Asked for the trails that hold it: one listing its artifacts without this one is about something else.
  const other = trails.find((t) => t.compliance_status?.artifacts_statuses && !entryOf(t, fingerprint));
  if (other !== undefined) {
    return unreadIn(
      flow,
      `trail ${other.name ?? '(no name)'} does not list the artifact in its artifacts_statuses`,
    );
  }
  // The client refuses a trail of another flow (an answer about something else); one naming none is not confirmed.
  // Tags are the flow's: trails that give them differently (as written), or none, leave them unknown.
  const differ = new Set(trails.map((t) => JSON.stringify(t.flow?.tags ?? null))).size !== 1;
  const tags = differ ? UNKNOWN : tagsOf(trails[0]?.flow?.tags);
  const facts: TrailFact[] = trails.map((t) => ({
    name: t.name ?? '(no name)',
    state: gateState(t),
    url: t.html_url,
  }));
  const attestations: AttestationFact[] = [];
  for (const t of trails) {
    const own = attestationsOf(t, fingerprint);
    if (own === UNKNOWN) {
      const why = `the answer gives no attestation statuses of the artifact in trail ${t.name ?? '(no name)'}`;
      return { flow: { name: flow, tags }, trails: facts, attestations: UNKNOWN, why };
    }
    attestations.push(...own);
  }
  return { flow: { name: flow, tags }, trails: facts, attestations };
}

/** Tags as the format reads them: string values only; anything else is not the documented shape. */
function tagsOf(tags: Record<string, unknown> | null | undefined): Record<string, string> | typeof UNKNOWN {
  if (tags === null || tags === undefined) return UNKNOWN;
  return Object.values(tags).every((v) => typeof v === 'string') ? (tags as Record<string, string>) : UNKNOWN;
}

/** The trail's own attestations and the artifact's (its entry in `artifacts_statuses`, by fingerprint). */
function attestationsOf(trail: Trail, fingerprint: string): AttestationFact[] | typeof UNKNOWN {
  const status = trail.compliance_status;
  const entry = entryOf(trail, fingerprint);
  if (!status || !Array.isArray(status.attestations_statuses)) return UNKNOWN;
  if (entry === undefined || !Array.isArray(entry.attestations_statuses)) return UNKNOWN;
  const name = trail.name ?? '(no name)';
  const fact = (s: unknown): AttestationFact => {
    const r = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    return {
      type: text(r.attestation_type),
      name: text(r.attestation_name),
      status: text(r.status),
      compliant: typeof r.is_compliant === 'boolean' ? r.is_compliant : null,
      trail: name,
    };
  };
  return [...status.attestations_statuses, ...(entry.attestations_statuses as unknown[])].map(fact);
}

/** The artifact's entry in the trail's `artifacts_statuses`, found by its fingerprint. */
function entryOf(trail: Trail, fingerprint: string): Record<string, unknown> | undefined {
  const entries = Object.values(trail.compliance_status?.artifacts_statuses ?? {});
  return entries.find((e) => isRecord(e) && e.artifact_fingerprint === fingerprint) as
    Record<string, unknown> | undefined;
}

/** A trail's state for a gate: NON-COMPLIANT where its two states (as given) disagree. */
function gateState(trail: Trail): TrailFact['state'] {
  const [given, status] = [trail.compliance_state, trail.compliance_status?.status];
  return given && status && given !== status ? 'NON-COMPLIANT' : trailState(trail).state;
}
