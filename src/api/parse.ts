// Response parsing: one parse against the answer's schema, which says itself what is strict (`schemas/common.ts`);
// an answer that does not parse is an `UnexpectedResponseError` naming the endpoint and the first field at fault.
import * as z from 'zod/mini';
import { UnexpectedResponseError } from '../errors/errors.js';
import { quoteValue } from '../trust/text.js';

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** What is wrong at the field an issue names, in a few words; a value the service sent is quoted (`quoteValue`). */
function describeIssue(issue: z.core.$ZodIssue): string {
  const value = issue.input;
  if (value === undefined) return 'is missing';
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}, received ${kindOf(value)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${quoteValue(value)}`;
    default: {
      // zod's own words (or a schema's custom ones) never quote the value.
      const text = issue.message.replace(/^Invalid input:?\s*/, '');
      return text === '' ? `is not valid (received ${kindOf(value)})` : text;
    }
  }
}

/** Parses an answer with `schema`, or throws an `UnexpectedResponseError` naming `endpoint` and the field. */
export function parseResponse<S extends z.core.$ZodType>(schema: S, raw: unknown, endpoint: string) {
  // reportInput: the issue carries the value, so a missing field reads "is missing", not "received undefined".
  const result = z.safeParse(schema, raw, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new UnexpectedResponseError(
    endpoint,
    issue ? formatPath(issue.path) : '',
    issue ? describeIssue(issue) : 'is not valid',
  );
}

/** A JSON object (not null, not an array): the shape every "not shown" part of a response is checked for. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
