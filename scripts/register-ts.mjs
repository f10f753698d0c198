// Lets Node 24 run the TypeScript sources directly (types are stripped natively): a relative `./x.js` import that
// does not exist resolves to `./x.ts`, as TypeScript's NodeNext resolution does.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (
        error?.code === 'ERR_MODULE_NOT_FOUND' &&
        /^\.{1,2}\//.test(specifier) &&
        specifier.endsWith('.js')
      ) {
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      }
      throw error;
    }
  },
});
