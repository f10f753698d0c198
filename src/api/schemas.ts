/**
 * The schemas as the bundle imports them: what every endpoint shares (`schemas/common.ts`), and the types of every
 * endpoint's schemas. Types only, for the endpoints' own modules: a value of one is loaded with its endpoint (the
 * client does that, see `endpoints.ts`), so a step builds only the schemas of the endpoints it calls, and
 * the compiler refuses a value import that would load them all.
 */
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
