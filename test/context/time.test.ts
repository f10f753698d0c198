import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/api/index.js';
import { formatDuration, formatTime, parseTime } from '../../src/context/time.js';

const NOW = Date.parse('2026-11-04T12:00:00Z') / 1000;
const at = (iso: string) => Date.parse(iso) / 1000;

describe('time inputs', () => {
  it('reads Unix seconds as they are', () => {
    expect(parseTime('1793534400', 'from', NOW)).toBe(1793534400);
    expect(parseTime(' 0 ', 'from', NOW)).toBe(0);
  });

  it('reads ISO 8601 dates and times, UTC unless an offset is given, fractions dropped', () => {
    expect(parseTime('2026-11-01', 'from', NOW)).toBe(at('2026-11-01T00:00:00Z'));
    expect(parseTime('2026-11-01T12:30', 'from', NOW)).toBe(at('2026-11-01T12:30:00Z'));
    expect(parseTime('2026-11-01T12:30:15Z', 'from', NOW)).toBe(at('2026-11-01T12:30:15Z'));
    expect(parseTime('2026-11-01T12:30:15.999Z', 'from', NOW)).toBe(at('2026-11-01T12:30:15Z'));
    expect(parseTime('2026-11-01T14:30:00+02:00', 'from', NOW)).toBe(at('2026-11-01T12:30:00Z'));
    expect(parseTime('2026-11-01T07:00:00-0530', 'from', NOW)).toBe(at('2026-11-01T12:30:00Z'));
    expect(parseTime('2026-11-01 12:30:00', 'from', NOW)).toBe(at('2026-11-01T12:30:00Z'));
  });

  it('reads a time ago from the given now', () => {
    expect(parseTime('7d', 'from', NOW)).toBe(NOW - 7 * 86_400);
    expect(parseTime('12h', 'from', NOW)).toBe(NOW - 12 * 3600);
    expect(parseTime('30m', 'from', NOW)).toBe(NOW - 1800);
    expect(parseTime('45s', 'from', NOW)).toBe(NOW - 45);
    expect(parseTime('2w', 'from', NOW)).toBe(NOW - 14 * 86_400);
    expect(parseTime('0d', 'to', NOW)).toBe(NOW);
    expect(parseTime('1h', 'to', NOW + 0.75)).toBe(NOW - 3600);
  });

  it.each([
    ['yesterday', "Invalid input 'from': 'yesterday' is not a time. Expected an ISO 8601 date or time"],
    ['7 days', "Invalid input 'from': '7 days' is not a time"],
    ['7y', "Invalid input 'from': '7y' is not a time"],
    ['-5', "Invalid input 'from': '-5' is not a time"],
    ['1.5h', "Invalid input 'from': '1.5h' is not a time"],
    ['2026-02-30', "Invalid input 'from': '2026-02-30' is not a real date and time"],
    ['2026-11-01T24:00:00Z', "Invalid input 'from': '2026-11-01T24:00:00Z' is not a real date and time"],
    ['2026-11-01T12:00:00+25:00', 'has an offset that does not exist'],
    ['1793534400000', "'1793534400000' is too large for Unix seconds (milliseconds? divide by 1000)"],
    ['100000w', "'100000w' ago is before 1970"],
    ['1969-12-31T23:59:59Z', 'is before 1970'],
    ['', "Invalid input 'from': is empty"],
  ])('refuses %j, naming the input and the accepted forms', (value, message) => {
    const read = () => parseTime(value, 'from', NOW);
    expect(read).toThrow(InputError);
    expect(read).toThrow(message);
    expect(read).toThrow('Unix seconds (1793534400), or a time ago: a number with s, m, h, d or w');
  });

  it('formats seconds as ISO 8601 UTC to the second', () => {
    expect(formatTime(1793534400)).toBe('2026-11-01T12:00:00Z');
    expect(formatTime(1793534400.797778)).toBe('2026-11-01T12:00:00Z');
  });
});

describe('formatDuration', () => {
  it('writes a span of whole seconds in two units at most', () => {
    const spans = [45.9, 60, 720, 7200, 11_520, 86_400, 190_800].map((s) => formatDuration(s));
    expect(spans).toEqual(['45 s', '1 min', '12 min', '2 h', '3 h 12 min', '1 d', '2 d 5 h']);
  });
});
