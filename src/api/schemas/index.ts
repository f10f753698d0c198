// Each endpoint's schemas as its module exports them, values and all: for the sandbox and the tests; the bundle never
// imports this module.
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
