import type { ActionFacts } from '@compliance-actions/runner/facts';

export const facts: ActionFacts = {
  required: { environment: 'staging', 'pods-file': 'pods.json' },
  bad: { inputs: { 'namespaces-regex': 'team-(a' }, input: 'namespaces-regex' },
  calls: ['reportK8sEnvironment'],
  lists: ['environments'],
  leastWorkflow: {
    on: ['schedule:', "  - cron: '*/30 * * * *'"],
    permissions: '{}',
    before: [
      '- name: Kubeconfig',
      '  run: printf \'%s\' "$KUBECONFIG_DATA" > "$RUNNER_TEMP/kubeconfig"',
      '  env:',
      '    KUBECONFIG_DATA: ${{ secrets.KUBECONFIG }}',
    ],
    with: {
      environment: 'production',
      kubeconfig: {
        value: '${{ runner.temp }}/kubeconfig',
        note: "the cluster's: a GitHub-hosted runner has none of its own",
      },
    },
    context: { event: 'schedule', kubeconfigSecret: 'KUBECONFIG' },
  },
};
