import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/api/index.js';
import { InputReader, readConnection } from '../../src/context/inputs.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

describe('the input reader', () => {
  it('reads INPUT_* as the runner sets them, trimmed, with a variable to fall back on', () => {
    const inputs = new InputReader({
      INPUT_FLOW: '  app  ',
      'INPUT_DRY-RUN': '',
      COMPLIANCE_DRY_RUN: 'TRUE',
    });
    expect(inputs.raw('flow')).toBe('app');
    expect(inputs.optional('missing')).toBeUndefined();
    expect(inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN')).toBe(true);
    expect(inputs.boolean('verify', true)).toBe(true);
  });

  it('takes YAML 1.2 booleans only, naming the input and the expected form', () => {
    const inputs = new InputReader({ INPUT_VERIFY: 'yes' });
    expect(() => inputs.boolean('verify', true)).toThrow(InputError);
    expect(() => inputs.boolean('verify', true)).toThrow(
      "Invalid input 'verify': 'yes' is not a boolean. Expected true or false.",
    );
    expect(new InputReader({ INPUT_VERIFY: 'False' }).boolean('verify', true)).toBe(false);
  });

  it('checks a required API name: missing and malformed are both refused, naming the form', () => {
    expect(new InputReader({ INPUT_FLOW: 'backend' }).requiredMatching('flow', 'flowName')).toBe('backend');
    expect(() => new InputReader({}).requiredMatching('flow', 'flowName')).toThrow(
      /^Invalid input 'flow': is required\. Expected /,
    );
    expect(() =>
      new InputReader({ INPUT_FLOW: 'no spaces allowed' }).requiredMatching('flow', 'flowName'),
    ).toThrow(/^Invalid input 'flow': 'no spaces allowed' is not valid\. Expected /);
  });

  it('reads lists one item per line or comma-separated, dropping blanks', () => {
    const inputs = new InputReader({ INPUT_NAMESPACES: 'prod\n  team-a , team-b\n\n,' });
    expect(inputs.list('namespaces')).toEqual(['prod', 'team-a', 'team-b']);
    expect(inputs.list('absent')).toEqual([]);
  });

  it('names both the input and the variable when a connection setting is missing', () => {
    expect(() =>
      readConnection(new InputReader({ 'INPUT_API-TOKEN': TEST_TOKEN, INPUT_ORG: 'acme' })),
    ).toThrow(
      "Invalid input 'api-url': is required: set the input 'api-url' or the environment variable COMPLIANCE_API_URL",
    );
    const connection = readConnection(
      new InputReader({
        COMPLIANCE_API_TOKEN: TEST_TOKEN,
        COMPLIANCE_API_URL: 'https://c.example',
        COMPLIANCE_ORG: 'acme',
        HTTPS_PROXY: 'http://proxy:3128',
      }),
    );
    expect(connection).toMatchObject({
      apiUrl: 'https://c.example',
      org: 'acme',
      proxy: { httpsProxy: 'http://proxy:3128' },
    });
  });

  it('reads the time budget from timeout-seconds, else COMPLIANCE_TIMEOUT_SECONDS, else 120', () => {
    const base = { 'INPUT_API-TOKEN': TEST_TOKEN, 'INPUT_API-URL': 'https://c.example', INPUT_ORG: 'acme' };
    const budget = (env: Record<string, string>) =>
      readConnection(new InputReader({ ...base, ...env })).timeoutSeconds;
    expect(budget({})).toBe(120);
    expect(budget({ COMPLIANCE_TIMEOUT_SECONDS: '45' })).toBe(45);
    expect(budget({ 'INPUT_TIMEOUT-SECONDS': '2', COMPLIANCE_TIMEOUT_SECONDS: '45' })).toBe(2);
    expect(() => budget({ 'INPUT_TIMEOUT-SECONDS': '0' })).toThrow(
      "Invalid input 'timeout-seconds': '0' is not a whole number from 1 to 3600. Expected a number from 1 to 3600.",
    );
    expect(() => budget({ COMPLIANCE_TIMEOUT_SECONDS: '1.5' })).toThrow(
      "Invalid input 'timeout-seconds': '1.5' (from the variable COMPLIANCE_TIMEOUT_SECONDS) is not a whole number",
    );
    expect(() => budget({ 'INPUT_TIMEOUT-SECONDS': '3601' })).toThrow(InputError);
  });

  it('reads COMPLIANCE_RETRIES as a whole number from 0 to 10, naming the variable when it is not', () => {
    const connection = (retries: string) =>
      readConnection(
        new InputReader({
          'INPUT_API-URL': 'https://compliance.example.com',
          'INPUT_API-TOKEN': TEST_TOKEN,
          INPUT_ORG: 'acme',
          COMPLIANCE_RETRIES: retries,
        }),
      );
    expect(connection('').retries).toBeUndefined();
    expect(connection(' 0 ').retries).toBe(0);
    expect(connection('10').retries).toBe(10);
    for (const bad of ['11', '-1', 'x', '2.5']) {
      expect(() => connection(bad)).toThrow(
        `Invalid input 'COMPLIANCE_RETRIES': '${bad}' is not a whole number from 0 to 10. Expected a number from 0 to 10.`,
      );
    }
  });
});
