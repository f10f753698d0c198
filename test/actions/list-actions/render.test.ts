/** list-actions' summary: a health check that could not check (outcome error) says why, not only a ❌. */
import { describe, expect, it } from 'vitest';
import { summarize, type ListActionsResult } from '../../../src/actions/list-actions.js';
import { Action } from '../../../src/api/schemas/index.js';

const action = Action.parse({
  name: 'release-webhook',
  type: 'webhook',
  number: 1,
  targets: [],
  triggers: ['deployment'],
  created_by: 'ops',
  is_created_from_chat_app: false,
  last_modified_at: 1_700_000_000,
});

describe('the summary of list-actions', () => {
  it('says why it could not check when the service does not give a status (fail-if-failing)', () => {
    const failure =
      "fail-if-failing: could not check: the service does not say whether 1 of 1 action(s) fail to send notifications: 'release-webhook'.";
    const result: ListActionsResult = {
      url: 'https://compliance.example.com/api/v2/actions/acme',
      count: 1,
      failing: [],
      failIfFailing: true,
      failure,
      error: { kind: 'unexpected-response', message: failure },
      actions: [action],
    };
    expect(summarize(result).toString()).toContain('the service does not say whether 1 of 1 action');
  });

  it('says nothing more when it could check', () => {
    const result: ListActionsResult = {
      url: 'https://compliance.example.com/api/v2/actions/acme',
      count: 1,
      failing: [],
      failIfFailing: false,
      actions: [{ ...action, is_failing: false }],
    };
    expect(summarize(result).toString()).not.toContain('could not check');
  });

  it('counts the actions whose status the service does not give, so healthy never reads as more than it was told', () => {
    const result: ListActionsResult = {
      url: 'https://compliance.example.com/api/v2/actions/acme',
      count: 3,
      failing: [],
      failIfFailing: false,
      actions: [
        { ...action, is_failing: false },
        { ...action, name: 'a', is_failing: null },
        { ...action, name: 'b' },
      ],
    };
    expect(summarize(result).toString()).toContain(
      '### Notification actions: 3, failing: 0, status unknown: 2\n',
    );
    result.actions = [{ ...action, is_failing: false }];
    result.count = 1;
    expect(summarize(result).toString()).toContain('### Notification actions: 1, failing: 0\n');
  });
});
