import { readInputs, run } from './run.js';
import { InputReader } from '../../context/inputs.js';

export const main = () => run(readInputs(new InputReader(process.env)));
