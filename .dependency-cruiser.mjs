/**
 * The import graph's one rule (issue 26): no cycles, type imports counted, in the product (src/) and the dev tooling
 * (packages/). A cycle inside an action folder means render and run know each other; see docs/architecture.md for the
 * direction imports take. Run by `npm run lint`; the other import rules are ESLint's (eslint.config.js).
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module reaches itself through its imports. Move what both sides need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
