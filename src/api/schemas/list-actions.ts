/** GET /actions/{org} (2.12): the organization's actions, a bare list. */
import * as z from 'zod/mini';
import { Obj, shown, shownList } from './common.js';

export const CHAT_APP_FLAG = 'is_created_from_chat_app';
/** The live service names the flag after the chat product; both are accepted and read as the spec's name. */
export const CHAT_APP_FLAG_LIVE = 'is_created_from_slack';

/**
 * An action (2.12): the eight fields the spec marks required, and `is_failing` (list-actions' outcome), are strict;
 * the rest is shown.
 */
export const Action = z.pipe(
  // What classic zod calls `preprocess`: the live name read as the spec's before the object is checked.
  z.transform((raw: unknown) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const o = raw as Record<string, unknown>;
      if (!(CHAT_APP_FLAG in o) && CHAT_APP_FLAG_LIVE in o)
        return { ...o, [CHAT_APP_FLAG]: o[CHAT_APP_FLAG_LIVE] };
    }
    return raw;
  }),
  z.looseObject({
    name: z.string(),
    type: z.string(),
    number: z.number().check(z.int()),
    targets: z.array(Obj),
    triggers: z.array(z.string()),
    created_by: z.string(),
    [CHAT_APP_FLAG]: z.boolean(),
    last_modified_at: z.number(),
    is_failing: z.nullish(z.boolean()),
    last_success_timestamp: shown(z.number()),
    last_failure_timestamp: shown(z.number()),
    created_at: shown(z.number()),
    flows: shownList(z.string()),
    environments: shownList(z.string()),
  }),
);
export type Action = z.infer<typeof Action>;

export const ListActionsResponse = z.array(Action);
