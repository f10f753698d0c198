/**
 * The runner's protocol as @actions/core writes it (held to it by test/trust/commands.test.ts), without loading its
 * OIDC client (~60 ms of every start). Nothing here makes text safe: log.ts does.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { EOL } from 'node:os';

/** Where an annotation points, as the runner's command properties name it. */
export interface CommandProperties {
  title?: string;
  file?: string;
  line?: number;
  name?: string;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::command k=v,k=v::message` on a line of its own. */
export function issueCommand(command: string, properties: CommandProperties, message: string): void {
  const keys = Object.keys(properties) as (keyof CommandProperties)[];
  // As @actions/core: a space once there are properties, then each one that has a value (0 and '' have none).
  const props = keys.flatMap((key) => {
    const value = properties[key];
    return value ? [`${key}=${escapeProperty(String(value))}`] : [];
  });
  const head = keys.length > 0 ? ` ${props.join(',')}` : '';
  process.stdout.write(`::${command}${head}::${escapeData(message)}${EOL}`);
}

/** A line of the log as it is, for the writer's already safe text. */
export function writeLine(text: string): void {
  process.stdout.write(text + EOL);
}

/** `key<<delimiter` … `delimiter` in GITHUB_<kind>, a random delimiter; without that file, the legacy command. */
function keyValue(kind: 'OUTPUT' | 'ENV', legacy: string, key: string, value: string): void {
  const file = process.env[`GITHUB_${kind}`];
  if (!file) {
    if (kind === 'OUTPUT') process.stdout.write(EOL);
    issueCommand(legacy, { name: key }, value);
    return;
  }
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
  const delimiter = `ghadelimiter_${randomId()}`;
  // A value holding the delimiter is refused (as @actions/core does), so even a guessed delimiter cannot end an entry
  // early: it only fails the write.
  if (key.includes(delimiter) || value.includes(delimiter))
    throw new Error(`Unexpected input: the name or value of ${key} contains the delimiter`);
  appendFileSync(file, `${key}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, { encoding: 'utf8' });
}

/** A UUID-shaped id from Math.random (node:crypto costs ms at start): only absent from the value. */
function randomId(): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${hex(4)}-${hex(12)}`;
}

export function setOutput(name: string, value: string): void {
  keyValue('OUTPUT', 'set-output', name, value);
}

/** Sets the variable for this process and, through GITHUB_ENV, for the job's later steps. */
export function exportVariable(name: string, value: string): void {
  process.env[name] = value;
  keyValue('ENV', 'set-env', name, value);
}

/** The runner masks this value in the log from now on. */
export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret);
}
