// Marks the bundle's module factories for eager compilation. V8 compiles a function lazily: it pre-parses
// the body when the chunk is loaded, then parses it again in full when the function is first called. Every factory of
// a chunk a step loads is called at once, so it is parsed twice for nothing. A function expression in parentheses is
// V8's hint to compile it with the chunk, once; an arrow function is not taken as that hint. So each factory in a
// module table (`{6748: (e, t, r) => {...}}`, the form webpack writes) becomes `6748: (function (e, t, r) {...})`.
// An arrow factory that reads `this`, `arguments` or `new.target` of its own scope (in its body or its parameters) is
// left as it is: the function kind would change what they mean. Any object whose keys are all numbers and whose values
// are all functions is taken for a module table; for one that is not, the change is only when V8 compiles it.
// Measured by `npm run bench:start`, not assumed.
import { parse } from 'acorn';

const NUMERIC = /^\d+$/;

const isFactory = (node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/** A module table: an object literal whose keys are all module ids and whose values are all factories. */
function isModuleTable(node) {
  return (
    node.type === 'ObjectExpression' &&
    node.properties.length > 0 &&
    node.properties.every(
      (p) =>
        p.type === 'Property' &&
        !p.computed &&
        NUMERIC.test(String(p.key.type === 'Literal' ? p.key.value : p.key.name)) &&
        (isFactory(p.value) ||
          (p.value.type === 'ParenthesizedExpression' && p.value.expression.type === 'FunctionExpression')),
    )
  );
}

function moduleTables(node, found = []) {
  if (!node || typeof node.type !== 'string') return found;
  if (isModuleTable(node)) {
    found.push(node);
    return found;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) moduleTables(child, found);
    else if (value && typeof value === 'object') moduleTables(value, found);
  }
  return found;
}

/**
 * Whether an arrow function's own scope reads `this`, `arguments` or `new.target` (nested non-arrow functions have
 * their own).
 */
function usesLexicalScope(node) {
  if (!node || typeof node.type !== 'string') return false;
  if (
    node.type === 'ThisExpression' ||
    node.type === 'MetaProperty' ||
    (node.type === 'Identifier' && node.name === 'arguments')
  )
    return true;
  if (
    node.type === 'FunctionExpression' ||
    node.type === 'FunctionDeclaration' ||
    node.type === 'ClassBody' ||
    node.type === 'StaticBlock'
  )
    return false;
  return Object.values(node).some((value) =>
    Array.isArray(value)
      ? value.some(usesLexicalScope)
      : value && typeof value === 'object' && usesLexicalScope(value),
  );
}

/** A factory as a function expression in parentheses: a function expression as it is (its name, `async`, `*` kept). */
function eagerForm(code, fn) {
  if (fn.type === 'FunctionExpression') return `(${code.slice(fn.start, fn.end)})`;
  const params = fn.params.map((p) => code.slice(p.start, p.end)).join(',');
  const body = code.slice(fn.body.start, fn.body.end);
  return `(${fn.async ? 'async ' : ''}function(${params})${fn.expression ? `{return ${body}}` : body})`;
}

/** The code with every module factory as a parenthesized function expression; the count of factories changed. */
export function eagerFactories(code) {
  // preserveParens: a factory already in parentheses is already marked, so running this twice changes nothing.
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', preserveParens: true });
  const factories = moduleTables(ast)
    .flatMap((table) => table.properties.map((p) => p.value))
    .filter(isFactory)
    .filter((fn) => fn.type === 'FunctionExpression' || ![fn.body, ...fn.params].some(usesLexicalScope));
  let out = code;
  // From the end, so the offsets of the factories still to do stay valid.
  for (const fn of factories.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, fn.start) + eagerForm(code, fn) + out.slice(fn.end);
  }
  return { code: out, factories: factories.length };
}
