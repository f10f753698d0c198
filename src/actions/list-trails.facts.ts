import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: {},
  bad: { inputs: { 'flow-tag': 'team' }, input: 'flow-tag' },
  typical: { flow: 'backend' },
  calls: ['listTrails'],
  lists: [],
};
