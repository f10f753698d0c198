/**
 * Artifact lookups as a loopback service answers them in the tests of bounded lookups: the answer of one, and answers
 * held back so that every lookup a step lets run at once is in flight together.
 */

/** A service's answer for an artifact (2.8): the required fields, its flow and state, and `more`. */
export function artifactAnswer(
  fingerprint: string,
  flow: string,
  state: string,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: fingerprint.slice(0, 8),
    fingerprint,
    filename: 'image',
    created_at: '2026-11-01T00:00:00Z',
    last_modified_at: '2026-11-01T00:00:00Z',
    evidence: {},
    flow_name: flow,
    commit_lead_times: {},
    build_lead_times: {},
    state,
    ...more,
  };
}

/**
 * Answers held until none has been held for 50 ms: all a client lets run at once are then in flight together, so
 * `peak` is how many it runs at once. `stop` when done.
 */
export function heldAnswers(): { hold: (answer: () => void) => void; peak: () => number; stop: () => void } {
  let inFlight = 0;
  let peak = 0;
  let held: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    const now = held;
    held = [];
    for (const answer of now) answer();
  };
  return {
    hold(answer) {
      inFlight++;
      peak = Math.max(peak, inFlight);
      held.push(() => {
        inFlight--;
        answer();
      });
      clearTimeout(timer);
      timer = setTimeout(release, 50);
    },
    peak: () => peak,
    stop: () => clearTimeout(timer),
  };
}
