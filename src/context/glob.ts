// The one glob dialect of every input that takes a glob (docs/configuration.md, "Globs"): braces expanded (counted
// first), each pattern an RE2 expression, all of them one anchored RE2 program, linear in the path whatever the glob.
import { PatternError } from './pattern-error.js';
import { compiledOr } from './pattern.js';
import { compilePattern } from './re2.js';

/** Characters in one line: Linux's longest path. */
export const MAX_GLOB_CHARS = 4096;
/** Patterns once the braces are expanded: each is a branch of the one program. */
export const MAX_ALTERNATIVES = 1000;
/** Characters of all the patterns together, counted before any is made. */
export const MAX_EXPANDED_CHARS = 64 * 1024;

export const GLOB_FORM =
  `globs (*, **, ?, [abc], [!abc], {a,b}, {1..9}; see docs/configuration.md, "Globs") of at most ` +
  `${MAX_GLOB_CHARS} characters and ${MAX_ALTERNATIVES} patterns once braces are expanded`;

/** Anything bigger is as good as infinite, and sums and products of it stay finite. */
const BIG = 1e18;
const capped = (n: number) => (Number.isFinite(n) ? Math.min(n, BIG) : BIG);

type Size = { count: number; chars: number };

type Part = string | Group;
type Sequence = Part[];
/** `{a,b}`: options, each a sequence of parts; or `{1..9}`: values, made only once the count is known to be small. */
type Group = { size: Size } & ({ options: Sequence[] } | { values: () => string[] });

/** Appending `b` to every string of `a`: counts multiply, and each string of `a` is followed by all of `b`. */
function times(a: Size, b: Size): Size {
  return { count: capped(a.count * b.count), chars: capped(a.chars * b.count + b.chars * a.count) };
}

const NUMERIC = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/;
const ALPHA = /^([a-zA-Z])\.\.([a-zA-Z])(?:\.\.(-?\d+))?$/;

/** A `{x..y..step}` body: its values (zero-padded when an end is), or how many there would be when too many. */
function sequenceValues(body: string): { count: number; width: number; values: () => string[] } | undefined {
  const numeric = NUMERIC.exec(body);
  const alpha = numeric ? null : ALPHA.exec(body);
  const match = numeric ?? alpha;
  if (!match) return undefined;
  const [, first = '', last = '', step] = match;
  const x = alpha ? first.charCodeAt(0) : Number(first);
  const y = alpha ? last.charCodeAt(0) : Number(last);
  const by = Math.max(Math.abs(Number(step ?? 1)), 1);
  const count = capped(Math.floor(Math.abs(y - x) / by) + 1);
  const width = Math.max(first.length, last.length);
  const padded = !alpha && [first, last].some((n) => /^-?0\d/.test(n));
  const values = () => {
    const out: string[] = [];
    for (let i = 0, v = x; i < count; i++, v += y < x ? -by : by) {
      if (alpha) out.push(String.fromCharCode(v));
      else if (!padded) out.push(String(v));
      else out.push(v < 0 ? `-${String(-v).padStart(width - 1, '0')}` : String(v).padStart(width, '0'));
    }
    return out;
  };
  return { count, width, values };
}

/** Where the class opened by the `[` at `start` closes: the next `]` of its part (one first is a member), else -1. */
function classEnd(text: string, start: number): number {
  let i = start + 1;
  if (text[i] === '!' || text[i] === '^') i++;
  const close = text.indexOf(']', text[i] === ']' ? i + 1 : i);
  const slash = text.indexOf('/', start);
  return close !== -1 && (slash === -1 || close < slash) ? close : -1;
}

/** Parses the braces of a glob (linear, no recursion), sizing each group as it closes; a problem for bad braces. */
function parse(glob: string): { top: Sequence; size: Size } | string {
  type Frame = { open: number; options: Sequence[]; sizes: Size[]; current: Sequence; size: Size };
  const top: Frame = { open: -1, options: [], sizes: [], current: [], size: { count: 1, chars: 0 } };
  const stack: Frame[] = [top];
  const literal = (frame: Frame, text: string) => {
    const last = frame.current.at(-1);
    if (typeof last === 'string') frame.current[frame.current.length - 1] = last + text;
    else frame.current.push(text);
    frame.size = times(frame.size, { count: 1, chars: text.length });
  };
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    const frame = stack.at(-1) ?? top;
    const cls = c === '[' ? classEnd(glob, i) : -1;
    if (cls !== -1) {
      // A class is read as one character later on: `[{]` and `[,]` are no braces.
      literal(frame, glob.slice(i, cls + 1));
      i = cls;
    } else if (c === '{') {
      stack.push({ open: i, options: [], sizes: [], current: [], size: { count: 1, chars: 0 } });
    } else if (c === ',' && frame !== top) {
      frame.options.push(frame.current);
      frame.sizes.push(frame.size);
      frame.current = [];
      frame.size = { count: 1, chars: 0 };
    } else if (c === '}') {
      if (frame === top) return `the } at character ${i + 1} closes no {`;
      stack.pop();
      const parent = stack.at(-1) ?? top;
      let group: Group;
      if (frame.options.length > 0) {
        const options = [...frame.options, frame.current];
        const size = [...frame.sizes, frame.size].reduce(
          (sum, s) => ({ count: capped(sum.count + s.count), chars: capped(sum.chars + s.chars) }),
          { count: 0, chars: 0 },
        );
        group = { options, size };
      } else {
        const sequence = sequenceValues(glob.slice(frame.open + 1, i));
        if (!sequence) {
          return `the group at character ${frame.open + 1} has one option: give two or more ({a,b}) or a sequence ({1..9})`;
        }
        const size = { count: sequence.count, chars: capped(sequence.count * (sequence.width + 1)) };
        group = { values: sequence.values, size };
      }
      parent.current.push(group);
      parent.size = times(parent.size, group.size);
    } else {
      literal(frame, c);
    }
  }
  const open = stack.at(-1);
  if (open && open !== top) return `the { at character ${open.open + 1} has no }`;
  return { top: top.current, size: top.size };
}

/** Every string a sequence of parts expands to (the first group varies slowest). */
function expand(sequence: Sequence): string[] {
  let out = [''];
  for (const part of sequence) {
    if (typeof part === 'string') {
      out = out.map((s) => s + part);
      continue;
    }
    const alternatives = 'values' in part ? part.values() : part.options.flatMap(expand);
    out = out.flatMap((s) => alternatives.map((a) => s + a));
  }
  return out;
}

/** The patterns a glob stands for once its braces are expanded; counted before any is made. */
export function globAlternatives(glob: string): { patterns: string[] } | { problem: string } {
  if (glob.length > MAX_GLOB_CHARS) return { problem: `is ${glob.length} characters long` };
  const parsed = parse(glob);
  if (typeof parsed === 'string') return { problem: parsed };
  const { count, chars } = parsed.size;
  // Plain numbers: toLocaleString would load ICU's number formats for one message.
  const shown = (n: number) => (n < BIG ? n : 'more than 10^18');
  if (count > MAX_ALTERNATIVES) return { problem: `expands to ${shown(count)} patterns` };
  if (chars > MAX_EXPANDED_CHARS)
    return { problem: `expands to patterns of ${shown(chars)} characters in all` };
  return { patterns: expand(parsed.top) };
}

/** A problem of the line, given its source by `compileGlob`. */
const problem = (text: string, construct?: string) => new PatternError('', text, construct);

/** A character as an RE2 literal: its code point, so no character of a glob is ever read as RE2 syntax. */
const hex = (code: number) => `\\x{${code.toString(16)}}`;
const DOT = 0x2e;
const SLASH = 0x2f;

/** `[...]` at `start` of a part: the RE2 class and where it ends, or undefined when no `]` closes it (a literal `[`). */
function readClass(part: string, start: number, noDot: boolean): { regex: string; end: number } | undefined {
  // A `]` first is a member, as in a shell: `[]a]`, `[!]]`.
  const close = classEnd(part, start);
  if (close === -1) return undefined;
  const negated = part[start + 1] === '!' || part[start + 1] === '^';
  const i = negated ? start + 2 : start + 1;
  // By code point: a class member is one character, whatever its UTF-16 length.
  const body = Array.from(part.slice(i, close));
  if (part.slice(i, close).includes('[:')) {
    throw problem('has a POSIX class such as [[:alpha:]]: write the characters, [a-zA-Z]', 'a POSIX class');
  }
  const ranges: [number, number][] = [];
  for (let k = 0; k < body.length; k++) {
    const lo = body[k]?.codePointAt(0) ?? 0;
    let hi = lo;
    // `a-z` is a range; a `-` first or last is itself.
    if (body[k + 1] === '-' && k + 2 < body.length) {
      hi = body[k + 2]?.codePointAt(0) ?? 0;
      k += 2;
    }
    if (hi < lo) {
      throw problem(
        `has the range ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)}, whose end comes before its start`,
        'a range whose end comes before its start',
      );
    }
    ranges.push([lo, hi]);
  }
  const none = `[^\\x{0}-\\x{10ffff}]`;
  const range = ([lo, hi]: [number, number]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`);
  if (negated) {
    // Never `/` (a class is within one part), nor a leading `.` where names starting with one are not matched.
    const out: [number, number][] = [
      ...ranges,
      [SLASH, SLASH],
      ...(noDot ? [[DOT, DOT] as [number, number]] : []),
    ];
    return { regex: `[^${out.map(range).join('')}]`, end: close };
  }
  const kept = ranges.flatMap(([lo, hi]): [number, number][] => {
    const out: [number, number][] = [];
    let from = lo;
    for (const cut of noDot ? [DOT, SLASH] : [SLASH]) {
      if (cut < from || cut > hi) continue;
      if (cut > from) out.push([from, cut - 1]);
      from = cut + 1;
    }
    if (from <= hi) out.push([from, hi]);
    return out;
  });
  return { regex: kept.length === 0 ? none : `[${kept.map(range).join('')}]`, end: close };
}

/** One part (between two `/`, not `**`) as RE2; `noDot`: it may not start with `.`, unless the glob's part does. */
function partRegex(part: string, noDot: boolean, segment: string): string {
  // A part is never empty: `*` alone takes at least one character.
  if (/^\*+$/.test(part)) return segment;
  const go = (i: number, noDotHere: boolean): string => {
    let out = '';
    for (; i < part.length; i++) {
      const c = part[i] ?? '';
      const first = noDotHere && out === '';
      if (c === '*') {
        while (part[i + 1] === '*') i++;
        const rest = i + 1;
        // No leading `.`: `*` takes a first character that is not `.`, or nothing and what follows may not.
        if (first) return `(?:[^/.][^/]*${go(rest, false)}|${go(rest, true)})`;
        out += '[^/]*';
      } else if (c === '?') {
        out += first ? '[^/.]' : '[^/]';
      } else if (c === '[') {
        const cls = readClass(part, i, first);
        if (cls === undefined) {
          out += hex(c.charCodeAt(0));
        } else {
          out += cls.regex;
          i = cls.end;
        }
      } else {
        const code = part.codePointAt(i) ?? 0;
        if (first && code === DOT) return '[^\\x{0}-\\x{10ffff}]';
        if (code > 0xffff) i++;
        out += hex(code);
      }
    }
    return out;
  };
  return go(0, noDot && !part.startsWith('.'));
}

/** One pattern (braces expanded) as RE2, unanchored: its parts joined by `/`, `**` as zero or more whole parts. */
function patternRegex(pattern: string, hidden: boolean): string {
  let p = pattern.replace(/\/{2,}/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  // A leading `/` is the root the glob is read under, as a line without it is.
  if (p.startsWith('/')) p = p.slice(1);
  const folder = p.endsWith('/');
  if (folder) p = p.slice(0, -1);
  if (p === '') throw problem('names no path', 'a line that names no path');
  const split = p.split('/');
  if (split.some((part) => part === '.' || part === '..')) {
    throw problem('has a . or .. part after its start', 'a . or .. part');
  }
  const segment = hidden ? '[^/]+' : '[^/.][^/]*';
  // `**/**` is `**`.
  const parts = split.filter((part, i) => part !== '**' || split[i - 1] !== '**');
  let out = '';
  let open = true; // no `/` is needed before the next part
  parts.forEach((part, i) => {
    if (part === '**') {
      if (i === parts.length - 1) out += i === 0 ? `${segment}(?:/${segment})*` : `(?:/${segment})+`;
      else out += `${open ? '' : '/'}(?:${segment}/)*`;
      open = true;
      return;
    }
    out += `${open ? '' : '/'}${partRegex(part, !hidden, segment)}`;
    open = false;
  });
  // A folder is matched as `path/`: a pattern ending in `/` matches folders only.
  return `${out}${folder ? '/' : '/?'}`;
}

export type Glob = ReturnType<typeof compileGlob>;

/**
 * Compiles one line to one RE2 program; a PatternError when the line is not in the dialect or over a bound. `hidden`:
 * whether a wildcard matches a name starting with `.` (false for `artifact`, as in a shell).
 */
export function compileGlob(line: string, options: { hidden?: boolean } = {}) {
  const source = line.trim();
  try {
    // A backslash is a separator, as on Windows, never an escape: a literal `*` is `[*]`.
    const glob = source.replace(/\\/g, '/');
    if (/[?*+@!]\(/.test(glob)) {
      throw problem(
        'has an extended glob such as +(a|b), which this dialect does not read',
        'an extended glob',
      );
    }
    const alternatives = globAlternatives(glob);
    if ('problem' in alternatives) throw problem(alternatives.problem, 'braces or size over the bounds');
    const regex = `^(?:${alternatives.patterns.map((p) => patternRegex(p, options.hidden ?? true)).join('|')})$`;
    const sizeHint = 'fewer alternatives or wildcards';
    const program = compiledOr(
      () => compilePattern(regex, { maxChars: 16 * MAX_EXPANDED_CHARS, sizeHint }),
      (why) => problem(`is too big to match: ${why}`, 'a line too big to match'),
    );
    // Whether the glob matches a path (`a/b`, no leading or trailing `/`); `folder`: the path is a folder.
    return { source, matches: (path: string, folder = false) => program.test(folder ? `${path}/` : path) };
  } catch (error) {
    if (error instanceof PatternError) throw new PatternError(source, error.problem, error.construct);
    throw error;
  }
}
