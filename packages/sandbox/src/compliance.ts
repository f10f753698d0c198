/**
 * How the sandbox derives compliance from a trail's template and the attestations reported to it.
 *
 * For each attestation the template requires (on the trail, or on the artifact of a template reference name), the
 * latest report of that name counts: MISSING when there is none, else COMPLETE with its outcome. Reports the template
 * does not require are listed as `unexpected`, and count too: a non-compliant one makes the whole non-compliant.
 * The result is NON-COMPLIANT if anything counted is non-compliant, else INCOMPLETE if anything is missing, else
 * COMPLIANT. A trail's answer keeps its own attestations apart from each artifact's, as the live service does.
 */
import type { ArtifactState } from '../../../src/api/schemas.js';
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

/** One artifact of a trail, evaluated on its own attestations: an entry of the trail's `artifacts_statuses`. */
export interface ArtifactEvaluation extends Evaluation {
  /** Its key: the template reference name it was reported with, else its filename. */
  name: string;
  /** Undefined for an artifact the template names that was not reported. */
  artifact: StoredArtifact | undefined;
  /** Reported under a name the trail's template does not give. */
  unexpected: boolean;
}

/** A trail: `state` and `statuses` over everything counted, then its own attestations and its artifacts apart. */
export interface TrailEvaluation extends Evaluation {
  own: AttestationStatusEntry[];
  artifacts: ArtifactEvaluation[];
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

/** An artifact's own attestations against its entry in the template (found by template reference name). */
function evaluateOwn(
  artifact: StoredArtifact,
  template: TemplateSpec | undefined,
  attestations: StoredAttestation[],
) {
  const entry = template?.artifacts.find((a) => a.name === artifact.template_reference_name);
  const own = attestations.filter(
    (a) => a.flow === artifact.flow && a.artifact_fingerprint === artifact.fingerprint,
  );
  return evaluate(entry?.attestations ?? [], own, artifact.is_compliant === false);
}

function trailLevel(flow: string, trail: string, attestations: StoredAttestation[]) {
  return attestations.filter((a) => a.flow === flow && a.trail === trail && !a.artifact_fingerprint);
}

function combine(results: Evaluation[]): Evaluation {
  return {
    state: results.map((r) => r.state).reduce(worst, 'COMPLIANT'),
    statuses: results.flatMap((r) => r.statuses),
  };
}

/** An artifact: its trail's attestations and its own. */
export function evaluateArtifact(
  artifact: StoredArtifact,
  trail: StoredTrail | undefined,
  attestations: StoredAttestation[],
): Evaluation {
  const template = trail?.template;
  const onTrail = trail ? trailLevel(trail.flow, trail.name, attestations) : [];
  return combine([
    evaluate(template?.attestations ?? [], onTrail),
    evaluateOwn(artifact, template, attestations),
  ]);
}

/**
 * A trail: its own attestations, and each artifact its template names (missing until reported). An artifact reported
 * under another name is listed, unexpected, and not counted in the trail's state.
 */
export function evaluateTrail(
  trail: StoredTrail,
  artifacts: StoredArtifact[],
  attestations: StoredAttestation[],
): TrailEvaluation {
  const template = trail.template ?? { attestations: [], artifacts: [] };
  const own = evaluate(template.attestations, trailLevel(trail.flow, trail.name, attestations));
  const reported = artifacts.filter((a) => a.flow === trail.flow && a.trail === trail.name);
  const named: ArtifactEvaluation[] = template.artifacts.map((entry) => {
    const artifact = reported.find((a) => a.template_reference_name === entry.name);
    const evaluation = artifact
      ? evaluateOwn(artifact, template, attestations)
      : evaluate(entry.attestations, []);
    return { ...evaluation, name: entry.name, artifact, unexpected: false };
  });
  const names = new Set(named.map((a) => a.name));
  const unexpected = reported.flatMap((artifact): ArtifactEvaluation[] => {
    const name = artifact.template_reference_name ?? artifact.filename;
    if (names.has(name)) return [];
    names.add(name);
    return [{ ...evaluateOwn(artifact, template, attestations), name, artifact, unexpected: true }];
  });
  return { ...combine([own, ...named]), own: own.statuses, artifacts: [...named, ...unexpected] };
}

const RANK: Record<ArtifactState, number> = { COMPLIANT: 0, INCOMPLETE: 1, 'NON-COMPLIANT': 2 };

function worst(a: ArtifactState, b: ArtifactState): ArtifactState {
  return RANK[a] >= RANK[b] ? a : b;
}
