import { describe, expect, it } from 'vitest';
import { InputError, formatSnapshotExpression, parseSnapshotExpression } from '../../src/api/index.js';
import { patterns, SnapshotExpressionText } from '../../src/api/schemas/index.js';

// The parser takes exactly what the published pattern takes: real dates, leading zeros, at most 15 digits.
describe('snapshot expressions', () => {
  it.each([
    ['prod', { env: 'prod', kind: 'latest' }],
    ['prod-eu.1', { env: 'prod-eu.1', kind: 'latest' }],
    ['prod#1', { env: 'prod', kind: 'index', index: 1 }],
    ['prod#42', { env: 'prod', kind: 'index', index: 42 }],
    ['prod~0', { env: 'prod', kind: 'behind', behind: 0 }],
    ['prod~3', { env: 'prod', kind: 'behind', behind: 3 }],
    ['prod@{2026-11-01T12:30:00}', { env: 'prod', kind: 'at', at: '2026-11-01T12:30:00' }],
    ['prod@{2.days.ago}', { env: 'prod', kind: 'ago', amount: 2, unit: 'days' }],
    ['prod@{1.hour.ago}', { env: 'prod', kind: 'ago', amount: 1, unit: 'hours' }],
    ['prod@{3.weeks.ago}', { env: 'prod', kind: 'ago', amount: 3, unit: 'weeks' }],
    ['prod@{6.months.ago}', { env: 'prod', kind: 'ago', amount: 6, unit: 'months' }],
    // A valid environment name, not the spec's broken `<env><N>` form.
    ['prod3', { env: 'prod3', kind: 'latest' }],
    ['prod@{2024-02-29T23:59:59}', { env: 'prod', kind: 'at', at: '2024-02-29T23:59:59' }],
    ['prod@{2000-02-29T00:00:00}', { env: 'prod', kind: 'at', at: '2000-02-29T00:00:00' }],
    ['prod@{0050-01-31T00:00:00}', { env: 'prod', kind: 'at', at: '0050-01-31T00:00:00' }],
    ['prod#007', { env: 'prod', kind: 'index', index: 7 }, 'prod#7'],
    ['prod~999999999999999', { env: 'prod', kind: 'behind', behind: 999_999_999_999_999 }],
  ])('parses %j', (text, expected, canonical = text.replace('1.hour.', '1.hours.')) => {
    expect(patterns.snapshotExpression.test(text)).toBe(true);
    const parsed = parseSnapshotExpression(text);
    expect(parsed).toEqual(expected);
    expect(formatSnapshotExpression(parsed)).toBe(canonical);
  });

  it.each([
    ['', /is empty/],
    ['#3', /does not start with an environment name/],
    ['-prod', /environment name '-prod' is not valid/],
    ['prod eu', /environment name 'prod eu' is not valid/],
    ['prod#0', /snapshot number must be at least 1/],
    ['prod#x', /snapshot number must be a whole number/],
    ['prod#', /snapshot number must be a whole number/],
    ['prod~-1', /count behind must be a whole number/],
    ['prod@{2026-02-30T00:00:00}', /is not a real date and time/],
    ['prod@{yesterday}', /neither a time/],
    ['prod@{0.days.ago}', /amount must be at least 1/],
    ['prod@{2.years.ago}', /neither a time/],
    ['prod@x', /has an unknown suffix '@x'/],
    ['prod@{2023-02-29T00:00:00}', /is not a real date and time/],
    ['prod@{1900-02-29T00:00:00}', /is not a real date and time/],
    ['prod@{2024-04-31T00:00:00}', /is not a real date and time/],
    ['prod@{2024-01-01T24:00:00}', /is not a real date and time/],
    ['prod#1000000000000000', /snapshot number must have at most 15 digits/],
    ['prod@{0.hours.ago}', /amount must be at least 1/],
  ])('refuses %j', (text, message) => {
    expect(patterns.snapshotExpression.test(text)).toBe(false);
    const parse = () => parseSnapshotExpression(text, 'snapshot-1');
    expect(parse).toThrow(InputError);
    expect(parse).toThrow(message);
    expect(parse).toThrow(/'snapshot-1'.*Expected <env>, <env>#<N>/);
  });

  it("trims a user's spaces; on the wire (the query schema) they are refused", () => {
    expect(parseSnapshotExpression(' prod~1 ')).toEqual({ env: 'prod', kind: 'behind', behind: 1 });
    expect(SnapshotExpressionText.safeParse(' prod~1 ').success).toBe(false);
  });
});
