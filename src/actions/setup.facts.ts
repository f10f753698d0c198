import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: {},
  bad: { inputs: { verify: 'maybe' }, input: 'verify' },
  // It checks the connection by listing the actions.
  calls: ['listActions'],
  lists: [],
  leastWorkflow: {
    on: ['push:', '  branches: [main]'],
    permissions: '{}',
    with: {
      'api-url': '${{ vars.COMPLIANCE_API_URL }}',
      'api-token': '${{ secrets.COMPLIANCE_API_TOKEN }}',
      org: '${{ vars.COMPLIANCE_ORG }}',
    },
  },
};
