// The one rule for many verdicts, light enough for every step that may judge: the evaluator loads only with a policy.

/** The verdict of many (rules, flows, artifacts): any failure fails, else any unknown; none passes. */
export function worstVerdict(verdicts: readonly string[]): 'pass' | 'fail' | 'unknown' {
  return verdicts.includes('fail') ? 'fail' : verdicts.includes('unknown') ? 'unknown' : 'pass';
}
