import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: { 'snapshot-1': 'staging~1', 'snapshot-2': 'staging' },
  bad: { inputs: { 'snapshot-1': 'staging#0' }, input: 'snapshot-1' },
  // It reads the arriving artifacts' compliance too.
  calls: ['diffEnvironments', 'getArtifact'],
  lists: ['non-compliant', 'policy-failures', 'promotions', 'rollouts'],
  leastWorkflow: {
    permissions: '{}',
    with: { 'snapshot-1': 'production', 'snapshot-2': 'staging' },
  },
};
