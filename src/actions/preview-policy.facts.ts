import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: { environment: 'eu-production', policy: 'policy.yml' },
  bad: { inputs: { environment: 'eu production' }, input: 'environment' },
  calls: ['diffEnvironments', 'listTrails'],
  lists: ['policy-failures', 'newly-failing', 'newly-passing'],
  leastWorkflow: {
    permissions: '{}',
    before: ['- uses: actions/checkout@v7'],
    with: { environment: 'production', policy: 'policies/production.yml' },
    context: {
      repository: {
        'policies/production.yml':
          '_schema: https://kosli.com/schemas/policy/environment/v1\nartifacts:\n  provenance:\n    required: true\n',
      },
    },
  },
};
