import { readInputs, run } from './run.js';
import { InputReader } from '../../context/inputs.js';

export const main = async (): Promise<void> => {
  await run(readInputs(new InputReader(process.env), process.cwd()));
};
