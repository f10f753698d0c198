/**
 * Every property test draws from one fixed seed, so a verdict never depends on when the suite runs (fast-check's
 * default seed is the clock). `FC_SEED=<n>` explores other cases; a failure prints the seed and path to replay it.
 */
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED ?? '20261126');
if (!Number.isSafeInteger(seed))
  throw new Error(`FC_SEED '${process.env.FC_SEED ?? ''}' is not a whole number`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
