import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: {
    flow: 'backend',
    fingerprint: '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d',
  },
  bad: { inputs: { flow: 'my flow' }, input: 'flow' },
  calls: ['getArtifact'],
  lists: ['non-compliant', 'not-found', 'policy-failures'],
  leastWorkflow: {
    permissions: '{}',
    dispatch: {
      fingerprint: {
        description: 'SHA-256 fingerprint of the artifact',
        value: '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d',
      },
    },
    with: { flow: 'backend', fingerprint: '${{ inputs.fingerprint }}' },
  },
  pageWorkflowsNotRun: {
    'Check an image before a deploy':
      'reads the image ghcr.io/acme/backend:1.5.0 from its registry (ghcr.io) to fingerprint it',
  },
};
