/**
 * Bounds on a glob of get-artifact's `artifact`, checked before Node's `fs.globSync` sees it. Node (minimatch, through
 * brace-expansion) first expands braces into one pattern per alternative (`{a,b}` options, `{1..9}` and `{a..e}`
 * sequences, nested), then compares the patterns pairwise and matches each name with a backtracking RegExp. Unbounded,
 * 17 groups of `{a,b}` took 50 s, 1,024 patterns of 4,000 characters 15 s, `*a*a*a*a*b` 22 s on one 200-character
 * name, and `+(a|aa)b` did not end. So, before anything is expanded: the line's length is capped, its alternatives
 * and their total length are counted (the options of a group add up, groups multiply), extended globs are refused, and
 * each pattern may hold only a few `*` in one path segment.
 *
 * The braces accepted are the ones Node expands the same way every time: each `{` closed by a `}`, each group a list
 * of at least two options or a sequence (`${...}` stays as written, as Node leaves it). Anything else is refused
 * rather than guessed at (`{a}`, `{a,b`).
 */

/** Characters in one line: Linux's longest path. */
export const MAX_GLOB_CHARS = 4096;
/** Patterns once the braces are expanded: 1,024 took Node 40 ms. */
export const MAX_ALTERNATIVES = 1000;
/** Characters of all the patterns together: Node compares them pairwise, so their size counts as much as their number. */
export const MAX_EXPANDED_CHARS = 64 * 1024;
/** `*` in one path segment of one pattern: matching is polynomial in a name's length to this power (4 ms at 3). */
export const MAX_STARS = 3;

export const GLOB_FORM =
  `a path or glob relative to the workspace (*, **, ?, [abc], {a,b}, {1..9}) of at most ${MAX_GLOB_CHARS} ` +
  `characters, at most ${MAX_ALTERNATIVES} patterns once its braces are expanded (their options multiply: ` +
  `{a,b}/{c,d} is 4), at most ${MAX_STARS} * between two slashes, and no extended globs such as +(a|b) (for a ` +
  `literal parenthesis, [(])`;

/** Anything bigger is as good as infinite, and sums and products of it stay finite. */
const BIG = 1e18;
const capped = (n: number) => (Number.isFinite(n) ? Math.min(n, BIG) : BIG);

/** How many strings, and how many characters in all. */
interface Size {
  count: number;
  chars: number;
}

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

/** A `{x..y..step}` body as brace-expansion reads it: its values, or how many there would be when too many. */
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
      if (alpha) out.push(v === 0x5c ? '' : String.fromCharCode(v));
      else if (!padded) out.push(String(v));
      else out.push(v < 0 ? `-${String(-v).padStart(width - 1, '0')}` : String(v).padStart(width, '0'));
    }
    return out;
  };
  return { count, width, values };
}

/** Parses the braces of a glob (linear, no recursion), sizing each group as it closes; a problem for bad braces. */
function parse(glob: string): { top: Sequence; size: Size } | string {
  interface Frame {
    open: number;
    options: Sequence[];
    sizes: Size[];
    current: Sequence;
    size: Size;
  }
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
    if (c === '{' && glob[i - 1] === '$') {
      // `${...}` is left as written by Node, nested braces and all.
      let depth = 0;
      let end = i;
      for (; end < glob.length; end++) {
        if (glob[end] === '{') depth++;
        else if (glob[end] === '}' && --depth === 0) break;
      }
      if (end === glob.length) return `the { at character ${i + 1} has no }`;
      literal(frame, glob.slice(i, end + 1));
      i = end;
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

/** Every string a sequence of parts expands to, in Node's order (the first group varies slowest). */
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

/** The patterns a glob stands for once its braces are expanded, in Node's order; counted before any is made. */
export function globAlternatives(glob: string): { patterns: string[] } | { problem: string } {
  if (glob.length > MAX_GLOB_CHARS) {
    return { problem: `is ${glob.length} characters long` };
  }
  // As Node reads it (windowsPathsNoEscape): a backslash is a separator, never an escape.
  const parsed = parse(glob.replace(/\\/g, '/'));
  if (typeof parsed === 'string') return { problem: parsed };
  const { count, chars } = parsed.size;
  // Plain numbers: toLocaleString would load ICU's number formats for one message.
  if (count > MAX_ALTERNATIVES) {
    return { problem: `expands to ${count < BIG ? count : 'more than 10^18'} patterns` };
  }
  if (chars > MAX_EXPANDED_CHARS) {
    return { problem: `expands to patterns of ${chars < BIG ? chars : 'more than 10^18'} characters in all` };
  }
  return { patterns: expand(parsed.top) };
}

/** What is wrong with a glob, checked before Node expands or matches it; undefined when it is within the bounds. */
export function globProblem(glob: string): string | undefined {
  const alternatives = globAlternatives(glob);
  if ('problem' in alternatives) return alternatives.problem;
  if (/[?*+@!]\(/.test(glob.replace(/\\/g, '/'))) {
    return 'has an extended glob such as +(a|b), whose matching can take exponential time';
  }
  for (const pattern of alternatives.patterns) {
    for (const segment of pattern.split('/')) {
      if (segment === '**') continue;
      const stars = segment.split('*').length - 1;
      if (stars > MAX_STARS) return `has ${stars} * between two slashes`;
    }
  }
  return undefined;
}
