import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: { flow: 'backend' },
  bad: { inputs: { from: 'last tuesday' }, input: 'from' },
  calls: ['listFlowAttestations'],
  lists: [],
  leastWorkflow: { permissions: '{}', with: { flow: 'backend' } },
};
