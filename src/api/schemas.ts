// The schemas as the bundle imports them: what every endpoint shares, and the types of every endpoint's schemas (a
// value is loaded with its endpoint, see `endpoints.ts`: the compiler refuses an import that would load them all).
export * from './schemas/common.js';
export type * from './schemas/list-attestations-for-commits.js';
export type * from './schemas/list-trails.js';
export type * from './schemas/get-deployment.js';
export type * from './schemas/report-artifact.js';
export type * from './schemas/list-flow-attestations.js';
export type * from './schemas/get-artifact.js';
export type * from './schemas/diff-environments.js';
export type * from './schemas/report-k8s-environment.js';
export type * from './schemas/list-actions.js';
