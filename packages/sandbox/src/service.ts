/**
 * The nine operations of the sandbox over its state. Inputs arrive validated by the server (with the client's own
 * schemas); failures are `HttpProblem`s that the server turns into `{"message", "errors"}` bodies.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { InputError } from '../../../src/errors/errors.js';
import type * as s from '../../../src/api/schemas.js';
import { OVERRIDE_ATTESTATION_TYPE } from '../../../src/api/schemas/common.js';
import { parseSnapshotExpression, type SnapshotExpression } from '../../../src/api/snapshot.js';
import { plural } from '../../../src/trust/text.js';
import { evaluateArtifact, evaluateTrail } from './compliance.js';
import type {
  SandboxData,
  Snapshot,
  SnapshotArtifact,
  StoredArtifact,
  StoredAttestation,
  StoredCommit,
  StoredEnvironment,
  StoredOrg,
  StoredTrail,
} from './state.js';

export class HttpProblem extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

type Query<S extends z.core.$ZodType> = z.output<S>;

/** `docker.io/library/nginx:1.27@sha256:...` → `docker.io/library/nginx`: what "the same name" means across versions. */
export function imageRepository(image: string): string {
  const noDigest = image.split('@')[0] ?? image;
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}

function paginate<T>(items: T[], page: number | undefined, perPage: number | undefined) {
  const per = perPage ?? 20;
  const current = page ?? 1;
  const data = items.slice((current - 1) * per, current * per);
  const pageCount = Math.max(1, Math.ceil(items.length / per));
  // The spec: `pagination` only when there are several pages.
  return pageCount > 1
    ? { data, pagination: { total: items.length, page: current, per_page: per, page_count: pageCount } }
    : { data };
}

function commitSubset(info: StoredCommit | undefined) {
  if (!info) return undefined;
  const { sha1, message, author, branch, timestamp, url } = info;
  return { sha1, message, author, branch, timestamp, url };
}

/** An attestation's pull requests as stored; no key at all when it has none stored. */
const pullRequestsOf = (a: StoredAttestation) => a.pull_requests && { pull_requests: a.pull_requests };

export class SandboxService {
  readonly data: SandboxData;
  /**
   * The base of the `html_url` links when not the seed's `ui_url`: the sandbox's own pages (`uiBase: 'own'`), set
   * when it starts listening. Not part of the state: a data file keeps the seed's.
   */
  uiBase: string | undefined;
  private readonly now: () => number;

  constructor(data: SandboxData, now: () => number = () => Date.now() / 1000) {
    this.data = data;
    this.now = now;
  }

  /** The org a token may see, or undefined for an unknown token. */
  orgOfToken(token: string): string | undefined {
    return Object.hasOwn(this.data.tokens, token) ? this.data.tokens[token] : undefined;
  }

  private org(name: string): StoredOrg {
    const org = Object.hasOwn(this.data.orgs, name) ? this.data.orgs[name] : undefined;
    if (!org) throw new HttpProblem(404, `Organization '${name}' does not exist`);
    return org;
  }

  private flow(org: string, name: string) {
    const flow = this.org(org).flows.find((f) => f.name === name);
    if (!flow) throw new HttpProblem(404, `Flow named '${name}' does not exist for organization '${org}'`);
    return flow;
  }

  private environment(org: string, name: string): StoredEnvironment {
    const env = this.org(org).environments.find((e) => e.name === name);
    if (!env)
      throw new HttpProblem(404, `Environment named '${name}' does not exist for organization '${org}'`);
    return env;
  }

  private htmlUrl(...parts: string[]): string {
    const base = this.uiBase ?? this.data.ui_url;
    return [base.replace(/\/+$/, ''), ...parts.map(encodeURIComponent)].join('/');
  }

  private commitOf(org: StoredOrg, a: { git_commit?: string | undefined; trail: string; flow: string }) {
    if (a.git_commit) return a.git_commit;
    return org.trails.find((t) => t.name === a.trail && t.flow === a.flow)?.git_commit_info?.sha1;
  }

  /** An attestation's trail and commit: the trail's commit info only when it is the attestation's own commit. */
  private trailAndCommit(org: StoredOrg, a: StoredAttestation) {
    const commit = this.commitOf(org, a);
    const trail = org.trails.find((t) => t.name === a.trail && t.flow === a.flow);
    const own = trail?.git_commit_info?.sha1 === commit ? commitSubset(trail?.git_commit_info) : undefined;
    return { trail_name: a.trail, git_commit_info: own ?? (commit ? { sha1: commit } : null) };
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /attestations/{org}/list_attestations_for_criteria

  listAttestationsForCommits(orgName: string, q: Query<typeof s.AttestationsForCommitsQuery>) {
    const org = this.org(orgName);
    const result: Record<string, unknown[]> = {};
    for (const commit of q.commit_list) result[commit] = [];
    for (const a of [...org.attestations].sort((x, y) => y.created_at - x.created_at)) {
      const commit = this.commitOf(org, a);
      if (!commit || !(commit in result)) continue;
      if (q.flow_name && a.flow !== q.flow_name) continue;
      if (
        q.attestation_type &&
        a.type !== q.attestation_type &&
        !this.overridesType(org, a, q.attestation_type)
      )
        continue;
      if (q.attestation_name && a.name !== q.attestation_name) continue;
      result[commit]?.push({
        attestation_id: a.id,
        attestation_name: a.name,
        attestation_type: a.type,
        is_compliant: a.is_compliant,
        created_at: a.created_at,
        html_url: this.htmlUrl(orgName, 'flows', a.flow, 'trails', a.trail, 'attestations', a.id),
        artifact_fingerprint: a.artifact_fingerprint ?? null,
        flow_name: a.flow,
        ...this.trailAndCommit(org, a),
        reported_by: a.reported_by,
        description: a.description,
        user_data: a.user_data,
        ...pullRequestsOf(a),
      });
    }
    return result;
  }

  /**
   * An override answers a type filter as the live service's does: with the attestations of that type it is about (its
   * name on its trail).
   */
  private overridesType(org: StoredOrg, a: StoredAttestation, type: string): boolean {
    return (
      a.type === OVERRIDE_ATTESTATION_TYPE &&
      org.attestations.some(
        (b) => b.flow === a.flow && b.trail === a.trail && b.name === a.name && b.type === type,
      )
    );
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /trails/{org}

  private trailResponse(orgName: string, org: StoredOrg, t: StoredTrail) {
    const flow = org.flows.find((f) => f.name === t.flow);
    const evaluation = evaluateTrail(
      t,
      org.artifacts.filter((a) => a.flow === t.flow),
      org.attestations,
    );
    const template = t.template ?? { attestations: [], artifacts: [] };
    const evaluatedAt = this.now();
    const flowTemplateId = `${t.flow}-v${t.template_version}`;
    return {
      name: t.name,
      flow: { name: t.flow, tags: flow?.tags ?? {} },
      created_at: t.created_at,
      last_modified_at: t.last_modified_at,
      created_by: t.created_by,
      description: t.description,
      git_commit_info: commitSubset(t.git_commit_info),
      origin_url: t.origin_url,
      user_data: t.user_data,
      repo_ids: t.repo_ids,
      events: [],
      external_urls: t.external_urls,
      html_url: this.htmlUrl(orgName, 'flows', t.flow, 'trails', t.name),
      template: { trail: template, version: t.template_version, content: templateYaml(template) },
      compliance_status: {
        status: evaluation.state,
        is_compliant: evaluation.state === 'COMPLIANT',
        // The trail's own attestations here, each artifact's under the name it was reported with, as live trails show.
        attestations_statuses: evaluation.own,
        artifacts_statuses: Object.fromEntries(
          evaluation.artifacts.map((a) => [
            a.name,
            {
              artifact_fingerprint: a.artifact?.fingerprint ?? null,
              artifact_id: a.artifact?.id ?? null,
              status: a.state,
              is_compliant: a.state === 'COMPLIANT',
              attestations_statuses: a.statuses,
              unexpected: a.unexpected,
              evaluated_at: evaluatedAt,
              flow_template_id: flowTemplateId,
            },
          ]),
        ),
        evaluated_at: evaluatedAt,
        flow_template_id: flowTemplateId,
      },
      compliance_state: evaluation.state,
      is_compliant: evaluation.state === 'COMPLIANT',
    };
  }

  listTrails(orgName: string, q: Query<typeof s.ListTrailsQuery>) {
    const org = this.org(orgName);
    if (q.flow) this.flow(orgName, q.flow);
    let flows = org.flows;
    if (q.flow_tag) {
      const at = q.flow_tag.indexOf('=');
      const key = q.flow_tag.slice(0, at);
      const value = q.flow_tag.slice(at + 1);
      flows = flows.filter((f) => f.tags[key] === value);
    }
    const flowNames = new Set(flows.map((f) => f.name));
    // The trails an artifact of this fingerprint was reported to, found once (an environment may hold thousands).
    const holding =
      q.fingerprint &&
      new Set(
        org.artifacts.filter((a) => a.fingerprint === q.fingerprint).map((a) => `${a.flow}\0${a.trail}`),
      );
    const trails = org.trails
      .filter((t) => flowNames.has(t.flow) && (!q.flow || t.flow === q.flow))
      .filter((t) => !holding || holding.has(`${t.flow}\0${t.name}`))
      .sort((a, b) => b.created_at - a.created_at)
      .map((t) => this.trailResponse(orgName, org, t));
    // The spec: a plain list when pagination is not requested.
    if (q.page === undefined && q.per_page === undefined) return trails;
    return paginate(trails, q.page, q.per_page);
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /deployments/{org}/{env_name}/{fingerprint}

  private artifactSummary(org: StoredOrg, fingerprint: string) {
    const artifact = org.artifacts
      .filter((a) => a.fingerprint === fingerprint)
      .sort((a, b) => b.last_modified_at - a.last_modified_at)[0];
    if (!artifact) return null;
    return {
      flow_name: artifact.flow,
      trail_name: artifact.trail ?? null,
      template_reference_name: artifact.template_reference_name ?? null,
      git_commit: artifact.git_commit ?? null,
      git_commit_info: commitSubset(artifact.git_commit_info) ?? null,
      repo_info: artifact.repo_info
        ? { name: artifact.repo_info.name, repo_id: artifact.repo_info.id }
        : null,
    };
  }

  getDeployment(orgName: string, envName: string, fingerprint: string) {
    const org = this.org(orgName);
    const env = this.environment(orgName, envName);
    const snapshots = [...env.snapshots].sort((a, b) => a.index - b.index);
    let start: Snapshot | undefined;
    let previous: Snapshot | undefined;
    let before: Snapshot | undefined;
    for (const snap of snapshots) {
      const running = snap.artifacts.some((a) => a.fingerprint === fingerprint);
      const wasRunning = previous?.artifacts.some((a) => a.fingerprint === fingerprint) ?? false;
      if (running && !wasRunning) {
        start = snap;
        before = previous;
      }
      previous = snap;
    }
    if (!start) {
      throw new HttpProblem(
        404,
        `Artifact with fingerprint '${fingerprint}' was not deployed to environment '${envName}' in organization '${orgName}'`,
      );
    }
    const entry = start.artifacts.find((a) => a.fingerprint === fingerprint) as SnapshotArtifact;
    const repo = imageRepository(entry.name);
    const startedSet = new Set(start.artifacts.map((a) => a.fingerprint));
    const replaced = before?.artifacts.find(
      (a) => imageRepository(a.name) === repo && !startedSet.has(a.fingerprint),
    );
    return {
      fingerprint,
      deployed_at: start.created_at,
      artifact_name: entry.name,
      env_name: envName,
      snapshot_index: start.index,
      artifact: this.artifactSummary(org, fingerprint),
      replaced_artifact:
        replaced && before
          ? {
              fingerprint: replaced.fingerprint,
              artifact_name: replaced.name,
              snapshot_index: before.index,
              artifact: this.artifactSummary(org, replaced.fingerprint),
            }
          : null,
      diff_url: before
        ? `${this.htmlUrl(orgName, 'environments', envName, 'snapshots', String(start.index))}?compare=${before.index}`
        : null,
      _links: {
        self: { href: `/api/v2/deployments/${orgName}/${envName}/${fingerprint}` },
        environment: { href: this.htmlUrl(orgName, 'environments', envName) },
      },
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // POST /artifacts/{org}/{flow_name}

  reportArtifact(orgName: string, flowName: string, body: s.ReportArtifactBody) {
    const org = this.org(orgName);
    const flow = this.flow(orgName, flowName);
    const now = this.now();
    if (body.trail_name) {
      const trail = org.trails.find((t) => t.flow === flowName && t.name === body.trail_name);
      if (!trail) {
        // Reporting to a trail that does not exist yet begins it, with the flow's current template.
        org.trails.push({
          name: body.trail_name,
          flow: flowName,
          created_at: now,
          last_modified_at: now,
          created_by: 'sandbox',
          description: '',
          ...(body.git_commit_info && { git_commit_info: body.git_commit_info }),
          origin_url: body.build_url,
          user_data: {},
          external_urls: {},
          repo_ids: body.repo_info ? [body.repo_info.id] : [],
          ...(flow.template && { template: flow.template }),
          template_version: 1,
        });
      } else {
        trail.last_modified_at = now;
        if (!trail.git_commit_info && body.git_commit_info) trail.git_commit_info = body.git_commit_info;
      }
    }
    const existing = org.artifacts.find((a) => a.flow === flowName && a.fingerprint === body.fingerprint);
    const record: StoredArtifact = {
      id: existing?.id ?? randomBytes(12).toString('hex'),
      flow: flowName,
      fingerprint: body.fingerprint,
      filename: body.filename,
      build_url: body.build_url,
      commit_url: body.commit_url,
      annotations: body.annotations ?? {},
      external_urls: body.external_urls ?? {},
      created_at: existing?.created_at ?? now,
      last_modified_at: now,
      ...(body.trail_name && { trail: body.trail_name }),
      ...(body.template_reference_name && { template_reference_name: body.template_reference_name }),
      ...(body.git_commit && { git_commit: body.git_commit }),
      ...(body.git_commit_info && { git_commit_info: body.git_commit_info }),
      ...(body.repo_info && { repo_info: body.repo_info }),
      ...(body.repo_url !== undefined && { repo_url: body.repo_url }),
      ...(typeof body.description === 'string' && { description: body.description }),
      ...(typeof body.is_compliant === 'boolean' && { is_compliant: body.is_compliant }),
      ...(body.user_data !== undefined && { user_data: body.user_data }),
    };
    if (existing) Object.assign(existing, record);
    else org.artifacts.push(record);
    return { message: 'OK' };
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /attestations/{org}/{flow_name}

  listFlowAttestations(orgName: string, flowName: string, q: Query<typeof s.FlowAttestationsQuery>) {
    const org = this.org(orgName);
    this.flow(orgName, flowName);
    const items = org.attestations
      .filter((a) => a.flow === flowName)
      .filter((a) => q.from_timestamp === undefined || a.created_at >= q.from_timestamp)
      .filter((a) => q.to_timestamp === undefined || a.created_at <= q.to_timestamp)
      .sort((a, b) => b.created_at - a.created_at)
      .map((a) => ({
        // Beyond 2.9: the trail and commit, as the list for commits gives them (docs/sandbox.md).
        ...this.trailAndCommit(org, a),
        attestation_id: a.id,
        attestation_name: a.name,
        attestation_type: a.type,
        created_at: a.created_at,
        description: a.description,
        has_audit_package: a.has_audit_package,
        html_url: this.htmlUrl(orgName, 'flows', a.flow, 'trails', a.trail, 'attestations', a.id),
        is_compliant: a.is_compliant,
        origin_url: a.origin_url,
        reported_by: a.reported_by,
        schema_version: a.schema_version,
        user_data: a.user_data,
        ...pullRequestsOf(a),
      }));
    return paginate(items, q.page, q.per_page);
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}

  getArtifact(orgName: string, flowName: string, fingerprint: string, q: Query<typeof s.GetArtifactQuery>) {
    const org = this.org(orgName);
    this.flow(orgName, flowName);
    const artifact = org.artifacts.find(
      (a) => a.flow === flowName && a.fingerprint === fingerprint && (!q.trail || a.trail === q.trail),
    );
    if (!artifact) {
      throw new HttpProblem(
        404,
        `Artifact with fingerprint '${fingerprint}' does not exist in flow '${flowName}'${q.trail ? ` on trail '${q.trail}'` : ''}`,
      );
    }
    const attestations = org.attestations.filter((a) => a.flow === flowName);
    if (
      q.attestation_id &&
      !attestations.some((a) => a.id === q.attestation_id && a.artifact_fingerprint === fingerprint)
    ) {
      throw new HttpProblem(404, `Attestation '${q.attestation_id}' does not exist for this artifact`);
    }
    const trail = org.trails.find((t) => t.flow === flowName && t.name === artifact.trail);
    const evaluation = evaluateArtifact(artifact, trail, attestations);
    const problems = evaluation.statuses.filter((st) => st.status === 'MISSING' || st.is_compliant === false);
    const deployments: number[] = [];
    const running: unknown[] = [];
    for (const env of org.environments) {
      const latest = env.snapshots.at(-1);
      const entry = latest?.artifacts.find((a) => a.fingerprint === fingerprint);
      if (latest && entry)
        running.push({ environment: env.name, snapshot_index: latest.index, pods: entry.pods.length });
      for (const snap of env.snapshots)
        if (snap.artifacts.some((a) => a.fingerprint === fingerprint)) deployments.push(snap.index);
    }
    const iso = (t: number) => new Date(t * 1000).toISOString();
    return {
      id: artifact.id,
      fingerprint,
      filename: artifact.filename,
      created_at: iso(artifact.created_at),
      last_modified_at: iso(artifact.last_modified_at),
      evidence: Object.fromEntries(
        evaluation.statuses.map((st) => [
          st.attestation_name,
          { status: st.status, is_compliant: st.is_compliant },
        ]),
      ),
      flow_name: flowName,
      commit_lead_times: {},
      build_lead_times: {},
      trail_name: artifact.trail ?? null,
      template_reference_name: artifact.template_reference_name ?? null,
      git_commit: artifact.git_commit ?? null,
      git_commit_info: artifact.git_commit_info ?? null,
      repo_info: artifact.repo_info ?? null,
      commit_url: artifact.commit_url || null,
      build_url: artifact.build_url || null,
      repo_url: artifact.repo_url ?? null,
      html_url: this.htmlUrl(orgName, 'flows', flowName, 'artifacts', fingerprint),
      api_url: `/api/v2/artifacts/${orgName}/${flowName}/fingerprint/${fingerprint}`,
      user_data: artifact.user_data ?? null,
      external_urls: artifact.external_urls,
      annotations: artifact.annotations,
      state: evaluation.state,
      deployments,
      template:
        trail?.template?.artifacts
          .find((e) => e.name === artifact.template_reference_name)
          ?.attestations.map((a) => a.name) ?? null,
      state_info: problems.length
        ? problems
            .map((p) => `${p.attestation_name}: ${p.status === 'MISSING' ? 'missing' : 'non-compliant'}`)
            .join('; ')
        : artifact.is_compliant === false
          ? 'reported as non-compliant'
          : null,
      approvals: [],
      running,
      exited: [],
      history: [],
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /env-diff/{org}

  private resolveSnapshot(
    orgName: string,
    text: string,
  ): { env: StoredEnvironment; snapshot: Snapshot; id: string } {
    let expr: SnapshotExpression;
    try {
      expr = parseSnapshotExpression(text);
    } catch (error) {
      if (error instanceof InputError) throw new HttpProblem(400, `Bad snappish ${text}`);
      throw error;
    }
    const env = this.environment(orgName, expr.env);
    const snapshots = [...env.snapshots].sort((a, b) => a.index - b.index);
    const latest = snapshots.at(-1)?.index ?? 0;
    let index: number;
    switch (expr.kind) {
      case 'latest':
        index = latest;
        break;
      case 'index':
        index = expr.index;
        break;
      case 'behind':
        index = latest - expr.behind;
        break;
      case 'at':
        index = this.indexAt(snapshots, Date.parse(`${expr.at}Z`) / 1000);
        break;
      case 'ago':
        index = this.indexAt(snapshots, this.now() - expr.amount * UNIT_SECONDS[expr.unit]);
        break;
    }
    if (index < 1) {
      throw new HttpProblem(400, `Snappish '${text}' resolves to ${env.name}#${index}: Indexes are 1-based`);
    }
    const snapshot = snapshots.find((sn) => sn.index === index);
    if (!snapshot) {
      throw new HttpProblem(
        404,
        `Snapshot ${env.name}#${index} does not exist (the latest is ${env.name}#${latest})`,
      );
    }
    return { env, snapshot, id: `${env.name}#${index}` };
  }

  private indexAt(snapshots: Snapshot[], at: number): number {
    return snapshots.filter((sn) => sn.created_at <= at).at(-1)?.index ?? 0;
  }

  envDiff(orgName: string, q: Query<typeof s.EnvDiffQuery>) {
    const org = this.org(orgName);
    const one = this.resolveSnapshot(orgName, q.snappish1);
    const two = this.resolveSnapshot(orgName, q.snappish2);
    // An image reported to several flows is listed once per flow, as the live service lists it: the latest first.
    const entries = (a: SnapshotArtifact, counts: { s1?: number; s2?: number }) => {
      const reported = org.artifacts
        .filter((x) => x.fingerprint === a.fingerprint)
        .sort((x, y) => y.last_modified_at - x.last_modified_at);
      return (reported.length > 0 ? reported : [undefined]).map((artifact) => ({
        fingerprint: a.fingerprint,
        name: a.name,
        most_recent_timestamp: a.most_recent_timestamp,
        flow: artifact?.flow ?? '',
        commit_url: artifact?.commit_url ?? '',
        instance_count: a.pods.length,
        s1_instance_count: counts.s1 ?? 0,
        s2_instance_count: counts.s2 ?? 0,
        pods: a.pods,
      }));
    };
    const first = new Map(one.snapshot.artifacts.map((a) => [a.fingerprint, a]));
    const second = new Map(two.snapshot.artifacts.map((a) => [a.fingerprint, a]));
    const onlyIn1 = [...first.values()].filter((a) => !second.has(a.fingerprint));
    const onlyIn2 = [...second.values()].filter((a) => !first.has(a.fingerprint));
    const changed: ReturnType<typeof entries> = [];
    const same: ReturnType<typeof entries> = [];
    for (const b of second.values()) {
      const a = first.get(b.fingerprint);
      if (!a) continue;
      const items = entries(b, { s1: a.pods.length, s2: b.pods.length });
      (a.pods.length === b.pods.length ? same : changed).push(...items);
    }
    return {
      snappish1: {
        snapshot_id: one.id,
        artifacts: onlyIn1.flatMap((a) => entries(a, { s1: a.pods.length })),
      },
      snappish2: {
        snapshot_id: two.id,
        artifacts: onlyIn2.flatMap((a) => entries(a, { s2: a.pods.length })),
      },
      changed: { snapshot_id: two.id, artifacts: changed },
      'not-changed': { snapshot_id: two.id, artifacts: same },
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // PUT /environments/{org}/{env_name}/report/K8S

  reportK8s(
    orgName: string,
    envName: string,
    body: s.K8sReportBody,
  ): { message: string; errors: object; created: boolean } {
    this.org(orgName);
    const env = this.environment(orgName, envName);
    const running = new Map<string, SnapshotArtifact>();
    // Pod names per fingerprint as a set: one image (a sidecar) can run in every one of 150,000 pods.
    const podsOf = new Map<string, Set<string>>();
    for (const pod of body.artifacts) {
      for (const [image, digest] of Object.entries(pod.digests)) {
        const current = running.get(digest) ?? {
          fingerprint: digest,
          name: image,
          pods: [],
          most_recent_timestamp: 0,
        };
        const names = podsOf.get(digest) ?? new Set<string>();
        if (!names.has(pod.podName)) {
          names.add(pod.podName);
          current.pods.push(pod.podName);
        }
        podsOf.set(digest, names);
        current.most_recent_timestamp = Math.max(current.most_recent_timestamp, pod.creationTimestamp);
        running.set(digest, current);
      }
    }
    const latest = env.snapshots.at(-1);
    const before = new Set(latest?.artifacts.map((a) => a.fingerprint) ?? []);
    const unchanged =
      latest !== undefined &&
      before.size === running.size &&
      [...running.keys()].every((fp) => before.has(fp));
    if (unchanged) {
      // Instance counts may move without a new snapshot; the latest one keeps the current pods.
      latest.artifacts = [...running.values()];
      return {
        message: `No new snapshot: the running artifacts are those of ${envName}#${latest.index}`,
        errors: {},
        created: false,
      };
    }
    const index = (latest?.index ?? 0) + 1;
    env.snapshots.push({ index, created_at: this.now(), artifacts: [...running.values()] });
    return {
      message: `Snapshot ${envName}#${index} created with ${running.size} ${plural(running.size, 'artifact')}`,
      errors: {},
      created: true,
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // GET /actions/{org}

  listActions(orgName: string) {
    return this.org(orgName).actions;
  }
}

const UNIT_SECONDS = { hours: 3600, days: 86_400, weeks: 604_800, months: 2_592_000 } as const;

/** The template as the YAML text the service shows in `content`. */
function templateYaml(template: {
  attestations: { name: string; type: string }[];
  artifacts: { name: string; attestations: { name: string; type: string }[] }[];
}): string {
  const lines = ['version: 1', 'trail:'];
  if (template.attestations.length) {
    lines.push('  attestations:');
    for (const a of template.attestations) lines.push(`    - name: ${a.name}`, `      type: ${a.type}`);
  }
  if (template.artifacts.length) {
    lines.push('  artifacts:');
    for (const art of template.artifacts) {
      lines.push(`    - name: ${art.name}`);
      if (art.attestations.length) {
        lines.push('      attestations:');
        for (const a of art.attestations)
          lines.push(`        - name: ${a.name}`, `          type: ${a.type}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
