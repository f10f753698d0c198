/**
 * How the sandbox derives compliance from a trail's template and the attestations reported to it.
 *
 * For each attestation the template requires (on the trail, or on the artifact of a template reference name), the
 * latest report of that name counts: MISSING when there is none, else COMPLETE with its outcome. Reports the template
 * does not require are listed as `unexpected`, and count too: a non-compliant one makes the whole non-compliant.
 * The result is NON-COMPLIANT if anything counted is non-compliant, else INCOMPLETE if anything is missing, else
 * COMPLIANT.
 */
import type { ArtifactState } from '../api/schemas.js';
import type { StoredArtifact, StoredAttestation, StoredTrail, TemplateSpec } from './state.js';

export interface AttestationStatusEntry {
  attestation_name: string;
  attestation_type: string;
  attestation_id: string | null;
  overridden_attestation_id: string | null;
  status: 'MISSING' | 'COMPLETE';
  is_compliant: boolean | null;
  unexpected: boolean;
}

export interface Evaluation {
  state: ArtifactState;
  statuses: AttestationStatusEntry[];
}

const byNewest = (a: StoredAttestation, b: StoredAttestation) => b.created_at - a.created_at;

function evaluate(
  required: TemplateSpec['attestations'],
  reported: StoredAttestation[],
  extraNonCompliant = false,
): Evaluation {
  const latest = new Map<string, StoredAttestation>();
  const older = new Map<string, StoredAttestation>();
  for (const a of [...reported].sort(byNewest)) {
    if (!latest.has(a.name)) latest.set(a.name, a);
    else if (!older.has(a.name)) older.set(a.name, a);
  }
  const statuses: AttestationStatusEntry[] = [];
  const requiredNames = new Set(required.map((r) => r.name));
  for (const r of required) {
    const found = latest.get(r.name);
    statuses.push({
      attestation_name: r.name,
      attestation_type: r.type,
      attestation_id: found?.id ?? null,
      overridden_attestation_id: older.get(r.name)?.id ?? null,
      status: found ? 'COMPLETE' : 'MISSING',
      is_compliant: found ? found.is_compliant : null,
      unexpected: false,
    });
  }
  for (const [name, found] of latest) {
    if (requiredNames.has(name)) continue;
    statuses.push({
      attestation_name: name,
      attestation_type: found.type,
      attestation_id: found.id,
      overridden_attestation_id: older.get(name)?.id ?? null,
      status: 'COMPLETE',
      is_compliant: found.is_compliant,
      unexpected: true,
    });
  }
  const nonCompliant = extraNonCompliant || statuses.some((s) => s.is_compliant === false);
  const missing = statuses.some((s) => s.status === 'MISSING');
  return { state: nonCompliant ? 'NON-COMPLIANT' : missing ? 'INCOMPLETE' : 'COMPLIANT', statuses };
}

/** An artifact: its own attestations against its template entry, plus its trail's. */
export function evaluateArtifact(
  artifact: StoredArtifact,
  trail: StoredTrail | undefined,
  attestations: StoredAttestation[],
): Evaluation {
  const template = trail?.template;
  const entry = template?.artifacts.find((a) => a.name === artifact.template_reference_name);
  const own = attestations.filter((a) => a.artifact_fingerprint === artifact.fingerprint);
  const trailLevel = attestations.filter((a) => a.trail === artifact.trail && !a.artifact_fingerprint);
  const ownResult = evaluate(entry?.attestations ?? [], own, artifact.is_compliant === false);
  const trailResult = evaluate(template?.attestations ?? [], trailLevel);
  const statuses = [...trailResult.statuses, ...ownResult.statuses];
  return { state: worst(ownResult.state, trailResult.state), statuses };
}

/** A trail: trail-level attestations and every artifact template entry. */
export function evaluateTrail(
  trail: StoredTrail,
  artifacts: StoredArtifact[],
  attestations: StoredAttestation[],
): Evaluation {
  const template = trail.template ?? { attestations: [], artifacts: [] };
  const mine = attestations.filter((a) => a.trail === trail.name && a.flow === trail.flow);
  const results = [
    evaluate(
      template.attestations,
      mine.filter((a) => !a.artifact_fingerprint),
    ),
  ];
  for (const entry of template.artifacts) {
    const artifact = artifacts.find(
      (a) => a.trail === trail.name && a.template_reference_name === entry.name,
    );
    if (!artifact) {
      results.push({
        state: 'INCOMPLETE',
        statuses: entry.attestations.map((r) => ({
          attestation_name: r.name,
          attestation_type: r.type,
          attestation_id: null,
          overridden_attestation_id: null,
          status: 'MISSING',
          is_compliant: null,
          unexpected: false,
        })),
      });
      continue;
    }
    results.push(
      evaluateArtifact(
        artifact,
        { ...trail, template: { attestations: [], artifacts: template.artifacts } },
        mine,
      ),
    );
  }
  return {
    state: results.map((r) => r.state).reduce(worst, 'COMPLIANT'),
    statuses: results.flatMap((r) => r.statuses),
  };
}

const RANK: Record<ArtifactState, number> = { COMPLIANT: 0, INCOMPLETE: 1, 'NON-COMPLIANT': 2 };

function worst(a: ArtifactState, b: ArtifactState): ArtifactState {
  return RANK[a] >= RANK[b] ? a : b;
}
