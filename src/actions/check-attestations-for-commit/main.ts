import { readInputs, run, setCouldNotCheck } from './run.js';
import { InputReader } from '../../context/inputs.js';
import { readRunner } from '../../runtime/context.js';

export const main = async (): Promise<void> => {
  let inputs;
  try {
    inputs = readInputs(new InputReader(process.env), process.cwd());
  } catch (error) {
    // A gate that cannot even read its inputs could not check: say so in `outcome` and result-file, then fail.
    await setCouldNotCheck(readRunner(process.env, process.cwd()), error);
    throw error;
  }
  await run(inputs);
};
