/** Request validation, strict, before anything is sent: an error names the field, the problem and the form. */
import * as z from 'zod/mini';
import { InputError } from '../errors/errors.js';
import { plural } from '../trust/text.js';
import { formatPath } from './parse.js';
import { expectedForms } from './schemas.js';

function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Validates `value` against `schema`; an InputError names the field as `<location>.<path>` (or `location`). */
export function validate<S extends z.core.$ZodType>(schema: S, value: unknown, location: string) {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new InputError(location, 'is not valid');
  const field = issue.path.length > 0 ? `${location}.${formatPath(issue.path)}` : location;
  const bad = valueAt(value, issue.path);
  const message = issue.message.replace(/^Invalid input:\s*/, '');
  if (issue.code === 'unrecognized_keys') {
    const unknown = `unknown ${plural(issue.keys.length, 'field')} ${issue.keys.join(', ')}`;
    throw new InputError(field, unknown, 'only the fields of the API');
  }
  if (issue.code === 'invalid_key') {
    const key = String(issue.path.at(-1));
    const form =
      location === 'body' && issue.path[0] === 'annotations'
        ? `. Keys must be ${expectedForms.annotationKey}`
        : '';
    throw new InputError(field, `the key '${key}' is not valid${form}`);
  }
  if (bad === undefined && issue.code === 'invalid_type') throw new InputError(field, 'is required');
  throw new InputError(
    field,
    `${show(bad)} ${message.startsWith('must') ? message : `is not valid: ${message}`}`,
  );
}
