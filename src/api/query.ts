export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** A query as the service reads it: arrays as repeated keys (`commit_list=a&commit_list=b`), null and undefined out. */
export function encodeQuery(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
