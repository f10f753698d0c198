import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  // No checkout: the commit is reported by its SHA alone.
  required: {
    flow: 'backend',
    fingerprint: '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d',
    name: 'ghcr.io/acme/backend:1.6.0',
  },
  bad: { inputs: { annotations: 'team' }, input: 'annotations' },
  typical: {
    flow: 'backend',
    artifact: 'build/app.bin',
    'artifact-type': 'file',
    name: 'payments-1.6.0.bin',
  },
  calls: ['reportArtifact'],
  lists: [],
  leastWorkflow: {
    on: ['push:', '  branches: [main]'],
    permissions: ['contents: read'],
    before: [
      '- uses: actions/checkout@v7',
      '- run: mkdir -p dist && git archive -o dist/app.tar.gz HEAD # your build',
    ],
    with: { flow: 'backend', artifact: 'dist/app.tar.gz', 'artifact-type': 'file' },
    context: { repository: { 'app.txt': 'v1\n' } },
  },
};
