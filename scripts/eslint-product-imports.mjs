// The one import rule of the product: `src/` is exactly what ships in `dist/`, so a file under `src/` imports
// only other files under `src/`, Node's built-in modules, and the packages in package.json `dependencies`. Dev tooling
// (the sandbox and the runner emulation in `packages/`, the tests, the scripts) and dev dependencies stay out, type
// imports included: a product type that names a dev package ties the product to it.
//
// Hand-written rather than eslint-plugin-import-x: its no-extraneous-dependencies sees bare packages only, and its
// no-restricted-paths needs a resolver that knows TypeScript's `./x.js` → `./x.ts` mapping; this rule needs neither,
// because it only has to know what `src/` and `dependencies` are.
//
// An action's facts (`src/actions/<name>.facts.ts`) sit beside it but are the tests' data, not product code: they may
// import the runner's types, and no product file may import them, so they never reach `dist/`.
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';

/** An action's facts file. */
const FACTS = /\.facts\.ts$/;

/** The package a bare specifier names: `@scope/name` or `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** @param {string} root the folder of package.json, whose `src/` is the product */
export function productImports(root) {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const workspaces = new Set(
    (manifest.workspaces ?? []).flatMap((pattern) => {
      // `packages/*`: the workspace packages' names, read from their own package.json.
      const base = resolve(root, pattern.replace(/\/\*$/, ''));
      try {
        return readdirNames(base).map(
          (dir) => JSON.parse(readFileSync(resolve(base, dir, 'package.json'), 'utf8')).name,
        );
      } catch {
        return [];
      }
    }),
  );
  const product = resolve(root, 'src') + sep;

  return {
    meta: {
      type: 'problem',
      docs: {
        description: 'A file under src/ imports only src/, node built-ins and package.json dependencies.',
      },
      schema: [],
      messages: {
        outside:
          "'{{specifier}}' is outside src/ ({{where}}): src/ is exactly what ships in dist/, so it imports only " +
          'src/, Node built-ins and package.json dependencies (docs/architecture.md).',
        tooling:
          "'{{specifier}}' is dev tooling (the workspace package {{name}}), not the product: src/ never imports the " +
          'sandbox or the runner; they import src/ (docs/architecture.md).',
        undeclared:
          "'{{specifier}}' is not in package.json dependencies{{dev}}: the bundle may only use what a user's " +
          'install of the product would have. Add it to dependencies if it ships, or keep this code out of src/.',
        facts:
          "'{{specifier}}' is an action's facts: data for the tests, the docs and the benchmarks, never loaded by " +
          'the product (packages/runner/src/facts.ts reads them).',
        computed:
          'A module named by a computed value: name it with a string literal, so that this rule and the bundler ' +
          'can see what src/ loads.',
      },
    },
    create(context) {
      const file = resolve(context.filename);
      if (!file.startsWith(product) || FACTS.test(file)) return {};
      /** The specifier a node names: a string literal, or a template literal without `${}`; else undefined. */
      const named = (source) => {
        if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
        if (source?.type === 'TemplateLiteral' && source.expressions.length === 0)
          return source.quasis[0]?.value.cooked;
        return undefined;
      };
      // Functions made by createRequire(...): a call of one loads a module as require() does.
      const requirers = new Set(['require']);
      const isRequire = (callee) =>
        (callee.type === 'Identifier' && requirers.has(callee.name)) ||
        (callee.type === 'CallExpression' &&
          callee.callee.type === 'Identifier' &&
          callee.callee.name === 'createRequire');
      const check = (node, source) => {
        const specifier = named(source);
        if (specifier === undefined) {
          if (source) context.report({ node, messageId: 'computed' });
          return;
        }
        if (FACTS.test(specifier.replace(/\.js$/, '.ts'))) {
          context.report({ node, messageId: 'facts', data: { specifier } });
          return;
        }
        if (specifier.startsWith('.') || specifier.startsWith('/')) {
          const target = resolve(dirname(file), specifier);
          if (!target.startsWith(product)) {
            const where = relative(root, target).split(sep).slice(0, 2).join('/');
            context.report({ node, messageId: 'outside', data: { specifier, where } });
          }
          return;
        }
        if (isBuiltin(specifier)) return;
        const name = packageOf(specifier);
        if (workspaces.has(name)) {
          context.report({ node, messageId: 'tooling', data: { specifier, name } });
        } else if (!dependencies.has(name)) {
          const dev = name in (manifest.devDependencies ?? {}) ? ' (it is a devDependency)' : '';
          context.report({ node, messageId: 'undeclared', data: { specifier, dev } });
        }
      };
      return {
        ImportDeclaration: (node) => check(node, node.source),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source),
        ExportAllDeclaration: (node) => check(node, node.source),
        ImportExpression: (node) => check(node, node.source),
        TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
        TSImportEqualsDeclaration: (node) =>
          node.moduleReference.type === 'TSExternalModuleReference' &&
          check(node, node.moduleReference.expression),
        VariableDeclarator: (node) => {
          if (
            node.id.type === 'Identifier' &&
            node.init?.type === 'CallExpression' &&
            node.init.callee.type === 'Identifier' &&
            node.init.callee.name === 'createRequire'
          ) {
            requirers.add(node.id.name);
          }
        },
        CallExpression: (node) => {
          if (isRequire(node.callee)) check(node, node.arguments[0] ?? { type: 'Missing' });
        },
      };
    },
  };
}

function readdirNames(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
