import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: { commits: '3dfdaa9cbad35a60632a382f8653df6ef6539d28' },
  bad: { inputs: { commits: '3dfdaa9cbad35a60632a382f8653df6ef6539d28\nnot-a-sha' }, input: 'commits' },
  calls: ['listAttestationsForCommits'],
  lists: ['missing', 'non-compliant', 'unreviewed'],
  leastWorkflow: { on: ['push:', '  branches: [main]'], permissions: '{}', with: {} },
};
