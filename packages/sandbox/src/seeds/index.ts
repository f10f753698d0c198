import { readFileSync } from 'node:fs';

/** The demo seed (two flows, their trails and attestations, staging and production, notification actions), fresh. */
export function demoSeed(): unknown {
  return JSON.parse(readFileSync(new URL('./demo.json', import.meta.url), 'utf8'));
}
