/**
 * A loopback compliance service for diff-envs over many services: its env-diff brings `count` new services to
 * snapshot 2 (only there), and each lookup of an arriving artifact answers `state`. For the caps of list and matrix
 * outputs, which the sandbox's seeds are too small to reach.
 */
import { artifactAnswer } from './lookups.js';
import { json, startServer, type TestServer } from './server.js';

interface ArrivingOptions {
  count: number;
  /** The name of service `n`, without its tag (`:1.0`). */
  name?: (n: number) => string;
  /** What every lookup answers (default NON-COMPLIANT). */
  state?: string;
  /** The environments the answer names its snapshots in, as `<env>#1` and `<env>#2` (default prod and staging). */
  environments?: [string, string];
}

const arrivingFingerprint = (n: number): string => n.toString(16).padStart(64, '0');

export function serveArriving(options: ArrivingOptions): Promise<TestServer> {
  const { count, name = (n) => `registry.example.test/svc-${n}`, state = 'NON-COMPLIANT' } = options;
  const [one, two] = options.environments ?? ['prod', 'staging'];
  const arriving = Array.from({ length: count }, (_, n) => ({
    fingerprint: arrivingFingerprint(n),
    name: `${name(n)}:1.0`,
    flow: 'backend',
    instance_count: 1,
    pods: [`svc-${n}-0`],
  }));
  return startServer((req, res) => {
    if (req.url.pathname.startsWith('/api/v2/env-diff/')) {
      json(res, 200, {
        snappish1: { snapshot_id: `${one}#1`, artifacts: [] },
        snappish2: { snapshot_id: `${two}#2`, artifacts: arriving },
        changed: { snapshot_id: `${two}#2`, artifacts: [] },
        'not-changed': { snapshot_id: `${two}#2`, artifacts: [] },
      });
      return;
    }
    json(res, 200, artifactAnswer(req.url.pathname.split('/').at(-1) ?? '', 'backend', state));
  });
}
