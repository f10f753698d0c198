import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ComplianceError,
  InputError,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from '../../src/api/index.js';
import { quoteText, quoteValue } from '../../src/trust/text.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { redact, registerSecret } from '../../src/trust/redact.js';

describe('error family', () => {
  it('builds messages that name the operation, the status, the server message and what to check', () => {
    const e = new ApiError({ endpoint: 'GET /trails/{org}', status: 401, serverMessage: 'Invalid token' });
    expect(e.message).toBe(
      'GET /trails/{org} failed with HTTP 401 Unauthorized: Invalid token. Check that api-token is a valid token for this service',
    );
    expect(e).toBeInstanceOf(ComplianceError);
    expect(e.kind).toBe('api');
    const nf = new ApiError({ endpoint: 'GET /deployments/{org}/{env_name}/{fingerprint}', status: 404 });
    expect(nf.message).toContain('HTTP 404 Not Found. Check the org and the names in the request');
  });

  it('has one kind per failure', () => {
    expect(new InputError('flow', 'is empty', 'a flow name').message).toBe(
      "Invalid input 'flow': is empty. Expected a flow name.",
    );
    expect(new NetworkError('GET /x', 'connect ECONNREFUSED', 4).kind).toBe('network');
    expect(new TimeoutError('GET /x', 'attempt', 500, 2).message).toBe(
      'GET /x timed out: no answer within 500 ms [after 2 attempts].',
    );
    expect(new UnexpectedResponseError('GET /x', 'data[0].name', 'is missing').message).toBe(
      'unexpected response from GET /x: data[0].name is missing',
    );
  });

  it('quotes text from the service on one line: first non-blank line, escaped, cut', () => {
    expect(quoteText('\n \n<!DOCTYPE html>\n<html>')).toBe('"<!DOCTYPE html>"');
    expect(quoteText('a\u2029b')).toBe('"a"');
    expect(quoteText('say "hi"\t\\ \u007f \u200f\u{e0041}')).toBe(
      '"say \\"hi\\"\\t\\\\ \\u007f \\u200f\\u{e0041}"',
    );
    // U+0085 (NEL) ends a line like any other line break.
    expect(quoteText('first\u0085second')).toBe('"first"');
    expect(quoteText('é'.repeat(5), 3)).toBe('"ééé…"');
    expect(quoteText('   ')).toBe('""');
    expect(quoteValue(12)).toBe('"12"');
    expect(quoteValue({ a: 'b' })).toBe('"{\\"a\\":\\"b\\"}"');
  });

  it('scrubs registered secrets, each time they appear, and leaves words too short to be one', () => {
    registerSecret(TEST_TOKEN);
    registerSecret('ab'); // too short to be a token: ignored, so ordinary words survive
    expect(redact(`x ${TEST_TOKEN} y ${TEST_TOKEN}`)).toBe('x *** y ***');
    expect(redact('about')).toBe('about');
  });

  it('scrubs every field of every kind, including JSON.stringify of the error', () => {
    registerSecret(TEST_TOKEN);
    const leaky = `Bearer ${TEST_TOKEN}`;
    const errors = [
      new InputError(leaky, leaky, leaky),
      new ApiError({
        endpoint: 'GET /x',
        status: 400,
        serverMessage: leaky,
        fieldErrors: { [leaky]: leaky },
        note: leaky,
      }),
      new NetworkError('GET /x', leaky, 2, leaky),
      new TimeoutError('GET /x', 'attempt', 5, 2, leaky),
      new UnexpectedResponseError('GET /x', leaky, leaky),
    ];
    for (const error of errors) {
      expect(JSON.stringify(error)).not.toContain(TEST_TOKEN);
      expect(error.message).not.toContain(TEST_TOKEN);
      expect(JSON.stringify(Object.fromEntries(Object.entries(error)))).not.toContain(TEST_TOKEN);
    }
  });
});
