// The runner emulation lives in src/runner, shared with the demo and the benchmarks; tests import it from here.
export * from '../../src/runner/emulator.js';
