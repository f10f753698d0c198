/** The code with every module factory as a parenthesized function expression, and how many factories changed. */
export function eagerFactories(code: string): { code: string; factories: number };
