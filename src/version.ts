/** The bundle's version, sent in the User-Agent. A test keeps it equal to package.json's. */
export const VERSION = '0.1.0';
export const USER_AGENT = `compliance-actions/${VERSION}`;
