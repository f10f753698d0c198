// The runner emulation lives with the scripts (the demo runs the bundles through it too); tests import it from here.
export * from '../../scripts/lib/runner.js';
