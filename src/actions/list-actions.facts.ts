import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: {},
  bad: { inputs: { 'fail-if-failing': 'maybe' }, input: 'fail-if-failing' },
  calls: ['listActions'],
  lists: ['failing'],
};
