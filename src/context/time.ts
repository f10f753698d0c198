/** Times given as inputs: ISO 8601, Unix seconds, or a time ago (`7d`), all as integer Unix seconds. */
import { InputError } from '../errors/errors.js';

const TIME_FORMS =
  'an ISO 8601 date or time (2026-11-01, 2026-11-01T12:00:00Z, 2026-11-01T14:00+02:00), Unix seconds ' +
  '(1793534400), or a time ago: a number with s, m, h, d or w (30m, 12h, 7d, 2w)';

/** Seconds per unit of a relative time: m is minutes (months are not a fixed length). */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 } as const;

/** Past this, a number is milliseconds given by mistake (the bound the API's UnixSeconds schema uses). */
const MAX_SECONDS = 99_999_999_999;

const RELATIVE = /^(\d+)\s*([smhdw])$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** One time input as integer Unix seconds; `nowSeconds` anchors a time ago. Without an offset it is UTC. */
export function parseTime(value: string, input: string, nowSeconds: number): number {
  const text = value.trim();
  const fail = (problem: string): never => {
    throw new InputError(input, problem, TIME_FORMS);
  };
  if (text === '') fail('is empty');

  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n > MAX_SECONDS) {
      fail(`'${text}' is too large for Unix seconds (milliseconds? divide by 1000)`);
    }
    return n;
  }

  const relative = RELATIVE.exec(text);
  if (relative) {
    const amount = Number(relative[1]);
    const unit = relative[2] as keyof typeof UNIT_SECONDS;
    const at = Math.floor(nowSeconds) - amount * UNIT_SECONDS[unit];
    if (!Number.isSafeInteger(amount) || at < 0) fail(`'${text}' ago is before 1970`);
    return at;
  }

  const iso = ISO.exec(text);
  if (!iso) return fail(`'${text}' is not a time`);
  const [, y = '', mo = '', d = '', h = '00', mi = '00', s = '00', , zone] = iso;
  const utc = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  // Date.UTC rolls 2026-02-30 over to March: a date that does not round-trip does not exist.
  if (utc.toISOString().slice(0, 19) !== `${y}-${mo}-${d}T${h}:${mi}:${s}`) {
    fail(`'${text}' is not a real date and time`);
  }
  let seconds = utc.getTime() / 1000;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2));
    if (offsetHours > 23 || offsetMinutes > 59) fail(`'${text}' has an offset that does not exist`);
    seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60);
  }
  if (seconds < 0) fail(`'${text}' is before 1970`);
  return seconds;
}

/** A time the service gave, as `formatTime` writes it; undefined when no date can hold it (never a crash). */
export function serviceTime(seconds: number): string | undefined {
  const ms = Math.floor(seconds) * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? formatTime(seconds) : undefined;
}

/** Integer or fractional Unix seconds as ISO 8601 UTC, to the second: `2026-11-01T12:00:00Z`. */
export function formatTime(seconds: number): string {
  return new Date(Math.floor(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A span of whole seconds in two units at most: `45 s`, `12 min`, `3 h 12 min`, `2 d 5 h`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [d, h, m] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60)];
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return m > 0 ? `${m} min` : `${s} s`;
}
