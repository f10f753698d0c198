/**
 * Every schema of API v2, values and all: for the sandbox and the tests, which use them all. The bundle never imports
 * this module: a step loads `common.ts` and, when it calls an endpoint, that endpoint's module (see `endpoints.ts`).
 */
export * from './common.js';
export * from './list-attestations-for-commits.js';
export * from './list-trails.js';
export * from './get-deployment.js';
export * from './report-artifact.js';
export * from './list-flow-attestations.js';
export * from './get-artifact.js';
export * from './diff-environments.js';
export * from './report-k8s-environment.js';
export * from './list-actions.js';
