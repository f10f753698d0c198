export * from './client.js';
export * from './config.js';
export * from './endpoints.js';
export * from './http.js';
export * from '../errors/errors.js';
export * from './pagination.js';
export * from './parse.js';
export * from './snapshot.js';
export * from './validate.js';
// Every schema, for the tests and the sandbox; the bundle imports the module it needs (lint keeps it so).
// eslint-disable-next-line no-restricted-imports -- this module is for the tests and tools, never the bundle
export * as schemas from './schemas/index.js';
