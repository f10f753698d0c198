import { readFileSync } from 'node:fs';

/**
 * The demo seed (flows, their trails and attestations, staging, production and eu-production, notification actions),
 * fresh. `policies/` holds eu-production's environment policies: every rule's case runs there.
 */
export function demoSeed(): unknown {
  return JSON.parse(readFileSync(new URL('./demo.json', import.meta.url), 'utf8'));
}
