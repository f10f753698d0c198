// TEMPORARY (issue 13 transition): the old entry, until this action is an ActionDefinition.
export { main } from './main.js';
