import { couldNotCheck, readInputs, run } from './run.js';
import { InputReader } from '../../context/inputs.js';
import { readInputsOrRecord } from '../../runtime/outcome.js';

export const main = async (): Promise<void> => {
  const inputs = await readInputsOrRecord(
    process.env,
    process.cwd(),
    () => readInputs(new InputReader(process.env), process.cwd()),
    (runner, error) => couldNotCheck(runner, {}, error),
  );
  await run(inputs);
};
