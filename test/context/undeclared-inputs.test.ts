/**
 * The reader's refusal of an input the action does not declare, in-process: the runner passes a misspelled `with:`
 * key as `INPUT_*` all the same, so the step must refuse it, naming the declared input it was likely meant to be.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/api/index.js';
import { InputReader } from '../../src/context/inputs.js';
import { inputEnv, readerOf } from '../helpers/inputs.js';

const GATE = ['commits', 'required', 'fail-on', 'fail-on-non-compliant', 'api-url', 'org'];

function refusal(inputs: Record<string, string>, declared: readonly string[] = GATE): string {
  try {
    readerOf(inputs).refuseUndeclared(declared);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message;
  }
  return 'accepted';
}

describe('refuseUndeclared', () => {
  it('names the input, the declared input nearest to it, and every declared input', () => {
    expect(refusal({ commits: 'abc', requried: 'true' })).toBe(
      "Invalid input 'requried': is not an input of this action (did you mean 'required'?). " +
        'Expected one of its inputs: commits, required, fail-on, fail-on-non-compliant, api-url, org.',
    );
    expect(refusal({ api_url: 'https://x' })).toMatch(
      /^Invalid input 'api_url': .*\(did you mean 'api-url'\?\)/,
    );
    expect(refusal({ 'fail-on-noncompliant': 'true' })).toContain("(did you mean 'fail-on-non-compliant'?)");
  });

  it('suggests nothing when no declared input is close', () => {
    expect(refusal({ colour: 'blue' })).toBe(
      "Invalid input 'colour': is not an input of this action. " +
        'Expected one of its inputs: commits, required, fail-on, fail-on-non-compliant, api-url, org.',
    );
    // Three letters from `org`, and `token` is four from `api-token`: no likely typo.
    expect(refusal({ foo: 'x', token: 'y' }, ['org', 'api-token'])).not.toContain('did you mean');
  });

  it('names every undeclared input, an empty one too', () => {
    expect(refusal({ flw: 'backend', requried: '' })).toBe(
      "Invalid input 'flw': is not an input of this action; nor is 'requried' (did you mean 'required'?). " +
        'Expected one of its inputs: commits, required, fail-on, fail-on-non-compliant, api-url, org.',
    );
  });

  it('accepts the declared inputs, given or empty, and any other variable', () => {
    const env = inputEnv({ commits: 'abc', 'fail-on': '' }, { COMPLIANCE_ORG: 'acme', INPUTS: 'x' });
    expect(() => new InputReader(env).refuseUndeclared(GATE)).not.toThrow();
    expect(() => new InputReader({ INPUT_REQURIED: undefined }).refuseUndeclared(GATE)).not.toThrow();
  });
});
