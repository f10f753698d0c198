/** GET /actions/{org} (2.12): the organization's actions, a bare list. */
import * as z from 'zod/mini';
import { decides, obj, shown, shownList, specRequired } from './common.js';

/** The spec's neutral name of the chat-app flag (2.12 says a neutral word stands in for the product's name). */
export const CHAT_APP_FLAG = 'is_created_from_chat_app';
/** The name the live service sends (service-behaviour.md, as the service's Terraform provider reads it). */
export const CHAT_APP_FLAG_LIVE = 'is_created_from_slack_app';

/** An action (2.12): strict in the seven fields required by name; the chat-app flag is never decided on. */
export const Action = z.looseObject({
  name: specRequired(z.string()),
  type: specRequired(z.string()),
  number: specRequired(z.number().check(z.int())),
  targets: specRequired(z.array(obj())),
  triggers: specRequired(z.array(z.string())),
  created_by: specRequired(z.string()),
  last_modified_at: specRequired(z.number()),
  [CHAT_APP_FLAG]: shown(z.boolean()),
  [CHAT_APP_FLAG_LIVE]: shown(z.boolean()),
  is_failing: decides('fail-if-failing and the outcome; unknown is never healthy', z.boolean()),
  last_success_timestamp: shown(z.number()),
  last_failure_timestamp: shown(z.number()),
  created_at: shown(z.number()),
  flows: shownList(z.string()),
  environments: shownList(z.string()),
});
export type Action = z.infer<typeof Action>;

export const ListActionsResponse = z.array(Action);
