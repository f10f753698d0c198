import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: {
    environment: 'staging',
    fingerprint: '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d',
  },
  bad: { inputs: { environment: 'staging env' }, input: 'environment' },
  // A lookup (fail-if-missing: false), which every answer profile lets succeed.
  typical: {
    environment: 'staging',
    fingerprint: '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f',
    'fail-if-missing': 'false',
  },
  calls: ['getDeployment'],
  lists: [],
  leastWorkflow: {
    permissions: '{}',
    dispatch: {
      fingerprint: {
        description: 'SHA-256 fingerprint of the artifact',
        value: '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d',
      },
    },
    with: { environment: 'staging', fingerprint: '${{ inputs.fingerprint }}' },
  },
};
