/**
 * The one input reader and the connection every sub-action reads, in-process: each reader once, here, instead of once
 * per action through the bundles.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { InputError } from '../../src/api/index.js';
import { AttestationType, expectedForms, Sha1 } from '../../src/api/schemas/index.js';
import { FINGERPRINT_FORM, InputReader, readConnection } from '../../src/context/inputs.js';
import { redact } from '../../src/trust/redact.js';
import { CONNECTION, freshToken, inputEnv, printedBy, readerOf, thrownBy } from '../helpers/inputs.js';
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

  it('takes YAML 1.2 booleans only, naming the input or the variable; the input wins over the variable', () => {
    const dryRun = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
      readerOf(inputs, env).boolean('dry-run', true, 'COMPLIANCE_DRY_RUN');
    const error = thrownBy(() => dryRun({ 'dry-run': 'yes' }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe("Invalid input 'dry-run': 'yes' is not a boolean. Expected true or false.");
    expect(thrownBy(() => dryRun({}, { COMPLIANCE_DRY_RUN: 'yes' })).message).toBe(
      "Invalid input 'dry-run': 'yes' (from the variable COMPLIANCE_DRY_RUN) is not a boolean. Expected true or false.",
    );
    expect(dryRun({ 'dry-run': 'False' })).toBe(false);
    expect(dryRun({ 'dry-run': 'false' }, { COMPLIANCE_DRY_RUN: 'true' })).toBe(false);
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
});

describe('secrets', () => {
  it('secret: masks and registers the value in the one call, the input trimmed', () => {
    const token = freshToken();
    const { value, out } = printedBy(() =>
      readerOf({ 'github-token': `  ${token}\n` }).secret('github-token'),
    );
    expect(value).toBe(token);
    // The runner hides it from here on; the redactor scrubs it from every message, summary and file.
    expect(out).toBe(`::add-mask::${token}\n`);
    expect(redact(`echoed: ${token}`)).toBe('echoed: ***');
  });

  it('secret: falls back to the variable, masked the same way; undefined and nothing printed when both are empty', () => {
    const token = freshToken();
    const fromVariable = printedBy(() =>
      readerOf({ 'api-token': '' }, { COMPLIANCE_API_TOKEN: token }).secret(
        'api-token',
        'COMPLIANCE_API_TOKEN',
      ),
    );
    expect(fromVariable).toEqual({ value: token, out: `::add-mask::${token}\n` });
    expect(redact(token)).toBe('***');
    expect(
      printedBy(() => readerOf({ 'api-token': ' ' }).secret('api-token', 'COMPLIANCE_API_TOKEN')),
    ).toEqual({
      value: undefined,
      out: '',
    });
  });

  it('requiredSecret: returns the masked value, or names the input, the variable and the expected form', () => {
    const token = freshToken();
    const given = printedBy(() =>
      readerOf({ 'api-token': token }).requiredSecret('api-token', 'the API token', 'COMPLIANCE_API_TOKEN'),
    );
    expect(given).toEqual({ value: token, out: `::add-mask::${token}\n` });
    // Missing, with its variable: readConnection's missing token below.
    expect(thrownBy(() => readerOf({}).requiredSecret('password', 'a password')).message).toBe(
      "Invalid input 'password': is required. Expected a password.",
    );
  });
});

describe('url', () => {
  it('takes an absolute http(s) URL as given; undefined when empty', () => {
    expect(readerOf({ 'build-url': ' https://ci.example.com/runs/1?x=y ' }).url('build-url')).toBe(
      'https://ci.example.com/runs/1?x=y',
    );
    expect(readerOf({ 'build-url': 'http://127.0.0.1:8080/x' }).url('build-url')).toBe(
      'http://127.0.0.1:8080/x',
    );
    expect(readerOf({}, { BUILD_URL: 'https://ci.example.com' }).url('build-url', 'BUILD_URL')).toBe(
      'https://ci.example.com',
    );
    expect(readerOf({}).url('build-url')).toBeUndefined();
  });

  it.each(['not a url', 'ci.example.com/runs/1', '/runs/1', 'ftp://ci.example.com/x', 'javascript:alert(1)'])(
    'refuses %j, naming the input and the expected form',
    (bad) => {
      const error = thrownBy(() => readerOf({ 'build-url': bad }).url('build-url'));
      expect(error).toBeInstanceOf(InputError);
      expect(error.message).toBe(
        `Invalid input 'build-url': '${bad}' is not an http(s) URL. Expected an absolute URL such as https://example.com/path.`,
      );
    },
  );

  it('says when the bad value came from the variable, and never quotes a value that may hold credentials', () => {
    expect(
      thrownBy(() => readerOf({}, { BUILD_URL: 'ftp://x' }).url('build-url', 'BUILD_URL')).message,
    ).toContain("'ftp://x' (from the variable BUILD_URL) is not an http(s) URL");
    for (const bad of ['javascript://bot:s3cr3t-pass@host/x', 'bot:s3cr3t-pass@ci.example.com']) {
      const message = thrownBy(() => readerOf({ 'build-url': bad }).url('build-url')).message;
      expect(message).toContain("Invalid input 'build-url': the value (not quoted");
      expect(message).not.toContain('s3cr3t-pass');
    }
  });
});

describe('checked and checkedList', () => {
  const TYPES = expectedForms.attestationType;

  it('checked: a value the schema accepts, its parsed form returned; undefined when empty', () => {
    expect(
      readerOf({ 'attestation-type': 'custom:code-review' }).checked(
        'attestation-type',
        AttestationType,
        TYPES,
      ),
    ).toBe('custom:code-review');
    expect(readerOf({ n: '7' }).checked('n', z.coerce.number().check(z.int()), 'a number')).toBe(7);
    expect(readerOf({}).checked('attestation-type', AttestationType, TYPES)).toBeUndefined();
    expect(
      readerOf({}, { COMPLIANCE_TYPE: 'junit' }).checked(
        'attestation-type',
        AttestationType,
        TYPES,
        'COMPLIANCE_TYPE',
      ),
    ).toBe('junit');
  });

  it("checked: refuses a value in the user's terms, not the schema's, naming where it came from", () => {
    const error = thrownBy(() =>
      readerOf({ 'attestation-type': 'custom:' }).checked('attestation-type', AttestationType, TYPES),
    );
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(
      `Invalid input 'attestation-type': 'custom:' is not valid. Expected ${TYPES}.`,
    );
    expect(
      thrownBy(() =>
        readerOf({}, { COMPLIANCE_TYPE: 'Zip file' }).checked(
          'attestation-type',
          AttestationType,
          TYPES,
          'COMPLIANCE_TYPE',
        ),
      ).message,
    ).toContain("'Zip file' (from the variable COMPLIANCE_TYPE) is not valid");
  });

  it('checkedList: one per line or comma-separated, each checked, duplicates dropped in order', () => {
    const [a, b] = ['a'.repeat(40), 'b'.repeat(40)];
    expect(
      readerOf({ commits: ` ${b}\n${a}, ${b}\n\n` }).checkedList('commits', Sha1, expectedForms.sha1),
    ).toEqual([b, a]);
    expect(readerOf({}).checkedList('commits', Sha1, expectedForms.sha1)).toEqual([]);
    expect(
      thrownBy(() => readerOf({ commits: `${a},abc1234` }).checkedList('commits', Sha1, 'full SHAs')).message,
    ).toBe(
      "Invalid input 'commits': ('abc1234') is not valid. Expected full SHAs, one per line or comma-separated.",
    );
  });

  it('checkedList with lines: an item may hold a comma; a bad one is named by its line, blank lines counted', () => {
    const names = z.string().check(z.regex(/^[a-z0-9,-]+$/));
    expect(
      readerOf({ required: 'unit-tests,e2e\n\nscan' }).checkedList('required', names, 'names', {
        lines: true,
      }),
    ).toEqual(['unit-tests,e2e', 'scan']);
    expect(
      thrownBy(() =>
        readerOf({ required: 'scan\n\nunit tests' }).checkedList('required', names, 'names', { lines: true }),
      ).message,
    ).toBe("Invalid input 'required': line 3 ('unit tests') is not valid. Expected names, one per line.");
  });
});

describe('fingerprint', () => {
  const DIGEST = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
  const UPPER = DIGEST.toUpperCase();

  it('reads the digest as is, without a word in the log', () => {
    expect(printedBy(() => readerOf({ fingerprint: ` ${DIGEST} ` }).fingerprint('fingerprint'))).toEqual({
      value: DIGEST,
      out: '',
    });
    expect(readerOf({}).fingerprint('fingerprint')).toBeUndefined();
  });

  // As docker inspect prints it, and upper case.
  it.each([`sha256:${DIGEST}`, UPPER, `sha256:${UPPER}`, `SHA256:${UPPER}`])(
    'reads %s as the digest, saying in one log line that it was normalised',
    (written) => {
      expect(printedBy(() => readerOf({ fingerprint: written }).fingerprint('fingerprint'))).toEqual({
        value: DIGEST,
        out: `Input 'fingerprint': '${written}' normalised to the digest ${DIGEST}.\n`,
      });
    },
  );

  it.each([
    `sha256:${DIGEST.slice(1)}`,
    `sha512:${DIGEST}`,
    `sha256: ${DIGEST}`,
    `${DIGEST.slice(0, 32)} ${DIGEST.slice(32)}`,
    `sha256:${DIGEST}0`,
    `sha256${DIGEST}`,
    `:${DIGEST}`,
    `${DIGEST.slice(1)}g`,
  ])('refuses %s, naming the input and the expected form, printing nothing', (written) => {
    const { error, out } = printedBy(() => readerOf({ fingerprint: written }).fingerprint('fingerprint'));
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `Invalid input 'fingerprint': '${written}' is not a fingerprint. Expected ${FINGERPRINT_FORM}.`,
    );
    expect(FINGERPRINT_FORM).toMatch(/^64 lowercase hexadecimal characters .*sha256:<digest>/);
    expect(out).toBe('');
  });
});

describe('numbers', () => {
  it('integer: a whole number within bounds, else the fallback when empty', () => {
    const reader = readerOf({ page: ' 7 ', zero: '007', big: '99999999999999999999' });
    expect(reader.integer('page', 1, 1, 10)).toBe(7);
    expect(reader.integer('zero', 1, 1, 10)).toBe(7);
    expect(reader.integer('absent', 3, 1, 10)).toBe(3);
    expect(readerOf({}, { PAGE_VAR: '9' }).integer('page', 1, 1, 10, 'PAGE_VAR')).toBe(9);
    for (const bad of ['0', '11', '-1', '1.5', '1e3', 'two', '+5', '99999999999999999999']) {
      expect(() => readerOf({ page: bad }).integer('page', 1, 1, 10)).toThrow(
        `Invalid input 'page': '${bad}' is not a whole number from 1 to 10. Expected a number from 1 to 10.`,
      );
    }
    expect(() => readerOf({}, { PAGE_VAR: 'x' }).integer('page', 1, 1, 10, 'PAGE_VAR')).toThrow(
      "Invalid input 'page': 'x' (from the variable PAGE_VAR) is not a whole number from 1 to 10",
    );
  });

  it('variableInteger: a knob with no input, read from its variable only; undefined when unset', () => {
    expect(readerOf({}, { KNOB: ' 4 ' }).variableInteger('KNOB', 0, 5)).toBe(4);
    expect(readerOf({}, { KNOB: '' }).variableInteger('KNOB', 0, 5)).toBeUndefined();
    // An input of the same name is not the knob.
    expect(readerOf({ knob: '3' }).variableInteger('KNOB', 0, 5)).toBeUndefined();
    expect(() => readerOf({}, { KNOB: '6' }).variableInteger('KNOB', 0, 5)).toThrow(
      "Invalid input 'KNOB': '6' is not a whole number from 0 to 5. Expected a number from 0 to 5.",
    );
  });
});

describe('readConnection', () => {
  const read = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
    readConnection(readerOf({ ...CONNECTION, ...inputs }, env));

  it('reads the inputs, trimmed, and the proxy the runner sets (lowercase first)', () => {
    const connection = read(
      { 'api-url': ' https://compliance.example.com/api/v2 ', org: ' acme ' },
      { https_proxy: 'http://lower:3128', HTTPS_PROXY: 'http://upper:3128', NO_PROXY: '.internal' },
    );
    expect(connection).toMatchObject({
      token: TEST_TOKEN,
      apiRoot: new URL('https://compliance.example.com/api/v2'),
      org: 'acme',
      proxy: { httpsProxy: 'http://lower:3128', noProxy: '.internal' },
      deadlineMs: 120_000,
      deadlineSetting: 'timeout-seconds; variable COMPLIANCE_TIMEOUT_SECONDS',
      allowInsecureHttp: false,
    });
  });

  it('takes each setting from its COMPLIANCE_* variable when the input is empty; the input wins', () => {
    const token = freshToken();
    const env = {
      COMPLIANCE_API_URL: 'https://variable.example.com',
      COMPLIANCE_API_TOKEN: token,
      COMPLIANCE_ORG: 'from-variable',
      HTTPS_PROXY: 'http://proxy:3128',
    };
    const { value } = printedBy(() => readConnection(readerOf({}, env)));
    const root = (url: string) => new URL(`${url}/api/v2`);
    expect(value).toMatchObject({
      apiRoot: root(env.COMPLIANCE_API_URL),
      token,
      org: 'from-variable',
      proxy: { httpsProxy: 'http://proxy:3128' },
    });
    expect(read({}, env)).toMatchObject({
      apiRoot: root(CONNECTION['api-url']),
      token: TEST_TOKEN,
      org: 'acme',
    });
  });

  it('a missing token names the input api-token and the variable COMPLIANCE_API_TOKEN', () => {
    const error = thrownBy(() => read({ 'api-token': '' }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(
      "Invalid input 'api-token': is required: set the input 'api-token' or the environment variable" +
        ' COMPLIANCE_API_TOKEN. Expected the API token of the compliance service.',
    );
  });

  it.each([
    [{}, { COMPLIANCE_RETRIES: '' }, 120, 3],
    [{}, { COMPLIANCE_TIMEOUT_SECONDS: '45', COMPLIANCE_RETRIES: ' 0 ' }, 45, 0],
    [{ 'timeout-seconds': '2' }, { COMPLIANCE_TIMEOUT_SECONDS: '45', COMPLIANCE_RETRIES: '10' }, 2, 10],
  ])(
    'the time budget from timeout-seconds, else COMPLIANCE_TIMEOUT_SECONDS, else 120 s; retries from COMPLIANCE_RETRIES, else 3: %j %j',
    (inputs, env, seconds, retries) => {
      expect(read(inputs, env)).toMatchObject({ deadlineMs: seconds * 1000, retries });
    },
  );

  // Each of these fails after the token was read: the token must be masked (the runner) and registered (the
  // redactor) by then, so neither this message nor anything printed after it can show it. A row of api-token is what
  // follows the token; one in capitals, a variable; the message is of `input`, where given.
  it.each<[string, string, string, string?]>([
    ['api-url', '', "is required: set the input 'api-url' or the environment variable COMPLIANCE_API_URL"],
    // What normalizeBaseUrl refuses of api-url (plain http, a path, no URL, credentials, a scheme) is refused after
    // the token the same way: test/api/config.test.ts.
    ['api-url', 'compliance.example.com', "'compliance.example.com' is not a URL"],
    ['org', '', "is required: set the input 'org' or the environment variable COMPLIANCE_ORG"],
    ['org', 'acme corp', "'acme corp' is not a valid organization name"],
    ['org', 'acme/x', "'acme/x' is not a valid organization name"],
    ['timeout-seconds', '2m', "'2m' is not a whole number"],
    ['timeout-seconds', '0', "'0' is not a whole number from 1 to 3600. Expected a number from 1 to 3600."],
    ['timeout-seconds', '3601', "'3601' is not a whole number"],
    [
      'COMPLIANCE_TIMEOUT_SECONDS',
      '1.5',
      "'1.5' (from the variable COMPLIANCE_TIMEOUT_SECONDS) is not a whole number",
      'timeout-seconds',
    ],
    ...['11', '-1', 'x', '2.5', 'many'].map((bad): [string, string, string] => [
      'COMPLIANCE_RETRIES',
      bad,
      `'${bad}' is not a whole number from 0 to 10. Expected a number from 0 to 10.`,
    ]),
    ['api-token', ' x', 'contains a space'],
  ])(
    'refuses %s %j before any request, the token masked and registered first',
    (where, value, said, input) => {
      const token = freshToken();
      const given = where === 'api-token' ? token + value : token;
      const variable = where === where.toUpperCase();
      const { error, out } = printedBy(() =>
        read(
          { ...(!variable && { [where]: value }), 'api-token': given },
          variable ? { [where]: value } : {},
        ),
      );
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toContain(`Invalid input '${input ?? where}': ${said}`);
      expect((error as Error).message).not.toContain(token);
      expect(out.split('\n')[0]).toBe(`::add-mask::${given}`);
      expect(redact(`Bearer ${given}`)).toBe('Bearer ***');
    },
  );
});

// The runner passes a misspelled `with:` key as `INPUT_*` all the same: the step refuses it, naming the likely input.
describe('refuseUndeclared', () => {
  const GATE = ['commits', 'required', 'fail-on', 'fail-on-non-compliant', 'api-url', 'org'];
  const EXPECTED =
    'Expected one of its inputs: commits, required, fail-on, fail-on-non-compliant, api-url, org.';
  const refusal = (inputs: Record<string, string>, declared: readonly string[] = GATE) =>
    thrownBy(() => readerOf(inputs).refuseUndeclared(declared), InputError).message;

  it('names the input, the declared input nearest to it, and every declared input', () => {
    expect(refusal({ commits: 'abc', requried: 'true' })).toBe(
      `Invalid input 'requried': is not an input of this action (did you mean 'required'?). ${EXPECTED}`,
    );
    expect(refusal({ api_url: 'https://x' })).toMatch(
      /^Invalid input 'api_url': .*\(did you mean 'api-url'\?\)/,
    );
    expect(refusal({ 'fail-on-noncompliant': 'true' })).toContain("(did you mean 'fail-on-non-compliant'?)");
  });

  it('suggests nothing when no declared input is close', () => {
    expect(refusal({ colour: 'blue' })).toBe(
      `Invalid input 'colour': is not an input of this action. ${EXPECTED}`,
    );
    // Three letters from `org`, and `token` is four from `api-token`: no likely typo.
    expect(refusal({ foo: 'x', token: 'y' }, ['org', 'api-token'])).not.toContain('did you mean');
  });

  it('names every undeclared input, an empty one too', () => {
    expect(refusal({ flw: 'backend', requried: '' })).toBe(
      "Invalid input 'flw': is not an input of this action; nor is 'requried' (did you mean 'required'?). " +
        EXPECTED,
    );
  });

  it('accepts the declared inputs, given or empty, and any other variable', () => {
    const env = inputEnv({ commits: 'abc', 'fail-on': '' }, { COMPLIANCE_ORG: 'acme', INPUTS: 'x' });
    expect(() => new InputReader(env).refuseUndeclared(GATE)).not.toThrow();
    expect(() => new InputReader({ INPUT_REQURIED: undefined }).refuseUndeclared(GATE)).not.toThrow();
  });
});
