// `npm run action -- <name> [--input key=value ...] [--event push|pull_request|<file>]`: runs one shipped sub-action
// from a terminal the way the runner runs it (packages/runner/src/emulator.ts: the dist/ bundle with INPUT_* from action.yml and
// the given inputs, GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STEP_SUMMARY, RUNNER_TEMP, the workspace and an event payload),
// against a sandbox of its own (or the service named by --api-url). Prints the step's log, outputs and job summary as
// plain text, and exits with the step's exit code; bad usage exits 2. The step's RUNNER_TEMP, a folder of its own under
// TMPDIR, is removed when the command ends (also on Ctrl-C or SIGTERM), unless --keep keeps it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import type { Sandbox } from '@compliance-actions/sandbox/server';
import {
  actionFile,
  actionMain,
  actionNames,
  DEFAULT_GITHUB,
  readActionYml,
  runAction,
} from '@compliance-actions/runner/emulator';
import { markdownToText, Masks, StepLog } from './lib/step-text.js';
import { showInvisible } from '../src/trust/text.js';

const CONNECTION_INPUTS = {
  'api-url': 'COMPLIANCE_API_URL',
  'api-token': 'COMPLIANCE_API_TOKEN',
  org: 'COMPLIANCE_ORG',
};
/** Inputs and variables whose values are never printed (the runner masks secrets). */
const SECRET_NAME = /token|password|secret/i;
/** Variables of the user's environment the step gets, as a runner's steps get the runner's. */
const PASSED = ['DOCKER_HOST', 'DOCKER_CONFIG', 'DOCKER_CERT_PATH', 'DOCKER_TLS_VERIFY', 'KUBECONFIG'];
/** And these when the service is not the local sandbox: the way out to it. */
const PASSED_TO_SERVICE = ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS'].flatMap((name) =>
  name.endsWith('_PROXY') ? [name, name.toLowerCase()] : [name],
);
const RULE_WIDTH = 72;
/** An output value longer than this is cut, with its length. */
const MAX_VALUE = 200;

/** Bad usage: the message, then the list of actions when it is about the action's name; exits 2. */
class UsageError extends Error {
  listActions: boolean;
  constructor(message: string, listActions = false) {
    super(message);
    this.listActions = listActions;
  }
}

const HELP = `Usage: npm run action -- <name> [options]

Runs one sub-action's dist/ bundle the way the GitHub runner does (INPUT_* from action.yml and --input,
GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STEP_SUMMARY, RUNNER_TEMP, the workspace, an event payload), against a
sandbox of the compliance service it starts itself (org '${DEMO_ORG}', the demo seed), unless --api-url names
a service. Prints the step's log, its outputs and its job summary as text; exits with the step's exit code.

Options:
  -i, --input <key=value>  An input of the action (repeatable; the same key again adds a line to its value).
                           api-url, api-token and org are filled in for the service unless given.
  --event <push|pull_request|file>
                           The event that triggered the run (default push): a push to the current branch,
                           a pull request (number 1, its head the current commit), or a JSON payload file.
  --cwd <dir>              The workspace the step sees (GITHUB_WORKSPACE; default the current folder).
                           Its git HEAD, branch and GitHub origin give GITHUB_SHA, GITHUB_REF, GITHUB_REPOSITORY.
  -e, --env <KEY=VALUE>    An environment variable of the step (repeatable), e.g. GITHUB_REPOSITORY=acme/shop.
                           The step gets PATH, HOME, DOCKER_* and KUBECONFIG of yours (with --api-url the
                           proxy variables and NODE_EXTRA_CA_CERTS too), the runner's variables, and these.
  --api-url <url>          Run against this service instead of a sandbox. Its token comes from --api-token or
                           COMPLIANCE_API_TOKEN (prefer the variable: a flag stays in the shell's history), its
                           org from --org or COMPLIANCE_ORG.
  --api-token <token>      The API token (never printed).
  --org <name>             The organization.
  --fault <spec>           A fault the sandbox injects (repeatable; as npm run sandbox takes it, e.g. 503x2).
  --debug                  Show the step's debug lines (::debug::), hidden by default as on GitHub.
  --keep                   Keep the step's RUNNER_TEMP (a folder under TMPDIR, with the result and payload files
                           the step left) after the command ends, and print where. By default it is removed.
  -h, --help               This help; with an action's name, its inputs and outputs.

Examples:
  npm run action -- list-actions
  npm run action -- get-artifact --input flow=backend --input fingerprint=9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d
  npm run action -- check-attestations-for-commit --event pull_request --input required=unit-tests
  COMPLIANCE_API_TOKEN=... npm run action -- list-trails --api-url https://compliance.example.com --org acme
`;

const readSpec = (name: string) => readActionYml(actionFile(name));

/** A description's first sentence, cut at a word to `max` characters. */
const firstSentence = (text = '', max = 80) => {
  const end = text.search(/\.(\s|$)/);
  const sentence = end < 0 ? text : text.slice(0, end + 1);
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).replace(/[,;:]$/, '')}…`;
};

function actionList(): string {
  const names = actionNames();
  const width = Math.max(...names.map((n) => n.length));
  return names.map((n) => `  ${n.padEnd(width)}  ${firstSentence(readSpec(n).description)}`).join('\n');
}

function actionHelp(name: string): string {
  const spec = readSpec(name);
  const lines = [`${name}: ${spec.description ?? ''}`, '', 'Inputs (--input key=value):'];
  for (const [input, s] of Object.entries(spec.inputs ?? {})) {
    const notes = [s.required ? 'required' : '', s.default ? `default '${s.default}'` : ''].filter(Boolean);
    lines.push(`  ${input}${notes.length ? ` (${notes.join(', ')})` : ''}`, `      ${s.description ?? ''}`);
  }
  lines.push('', 'Outputs:');
  for (const [output, s] of Object.entries(spec.outputs ?? {}))
    lines.push(`  ${output}`, `      ${firstSentence(s.description)}`);
  return `${lines.join('\n')}\n`;
}

/** `key=value` pairs; a key given again adds a line to its value (list inputs take one item a line). */
function pairs(list: string[] | undefined, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`${what} '${item}' is not key=value`);
    const key = item.slice(0, at);
    const value = item.slice(at + 1);
    out[key] = key in out ? `${out[key] ?? ''}\n${value}` : value;
  }
  return out;
}

// --- The workspace and the event ---

interface GitInfo {
  sha?: string;
  branch?: string;
  /** owner/name, when origin is a GitHub repository. */
  repository?: string;
  head?: { tree: string; name: string; email: string; date: string; message: string };
}

function git(cwd: string, ...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function gitInfo(cwd: string): GitInfo {
  const sha = git(cwd, 'rev-parse', '--verify', '-q', 'HEAD');
  if (!sha || !/^[0-9a-f]{40}$/.test(sha)) return {};
  const info: GitInfo = { sha };
  const branch = git(cwd, 'symbolic-ref', '-q', '--short', 'HEAD');
  if (branch) info.branch = branch;
  const origin = /github\.com[:/]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(
    git(cwd, 'remote', 'get-url', 'origin') ?? '',
  );
  if (origin) info.repository = `${origin[1] ?? ''}/${origin[2] ?? ''}`;
  const [tree = '', name = '', email = '', date = '', ...message] = (
    git(cwd, 'log', '-1', '--format=%T%x00%an%x00%ae%x00%aI%x00%B', sha) ?? ''
  ).split('\0');
  if (tree) info.head = { tree, name, email, date, message: message.join('\0').trim() };
  return info;
}

type Env = Record<string, string>;

function repositoryOf(ctx: Env) {
  const fullName = ctx.GITHUB_REPOSITORY ?? 'acme/app';
  const [owner = '', name = ''] = fullName.split('/');
  return {
    id: Number(ctx.GITHUB_REPOSITORY_ID ?? 0),
    name,
    full_name: fullName,
    private: false,
    owner: { login: owner, type: 'Organization' },
    html_url: `${ctx.GITHUB_SERVER_URL ?? 'https://github.com'}/${fullName}`,
    default_branch: 'main',
  };
}

function headCommitOf(ctx: Env, info: GitInfo) {
  if (!info.sha || !info.head) return null;
  const author = { name: info.head.name, email: info.head.email };
  return {
    id: info.sha,
    tree_id: info.head.tree,
    distinct: true,
    message: info.head.message,
    timestamp: info.head.date,
    url: `${repositoryOf(ctx).html_url}/commit/${info.sha}`,
    author,
    committer: author,
    added: [],
    removed: [],
    modified: [],
  };
}

/** A push to the current branch, its head commit the workspace's HEAD. */
function pushEvent(ctx: Env, info: GitInfo) {
  const head = headCommitOf(ctx, info);
  const repository = repositoryOf(ctx);
  return {
    ref: ctx.GITHUB_REF,
    before: '0'.repeat(40),
    after: info.sha ?? '0'.repeat(40),
    created: false,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `${repository.html_url}/commit/${info.sha ?? ''}`,
    commits: head ? [head] : [],
    head_commit: head,
    repository,
    pusher: { name: ctx.GITHUB_ACTOR, email: null },
    sender: { login: ctx.GITHUB_ACTOR, type: 'User' },
  };
}

/** Pull request `number`, its head the workspace's HEAD on the current branch, its base main. */
function pullRequestEvent(ctx: Env, info: GitInfo, number: number) {
  const repository = repositoryOf(ctx);
  const side = (ref: string, sha: string | null) => ({
    label: `${repository.owner.login}:${ref}`,
    ref,
    sha,
    repo: repository,
  });
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      state: 'open',
      draft: false,
      title: info.head?.message.split('\n')[0] ?? 'Local changes',
      html_url: `${repository.html_url}/pull/${number}`,
      user: { login: ctx.GITHUB_ACTOR, type: 'User' },
      commits: 1,
      head: side(ctx.GITHUB_HEAD_REF ?? 'feature', info.sha ?? null),
      base: side(ctx.GITHUB_BASE_REF ?? 'main', null),
    },
    repository,
    sender: { login: ctx.GITHUB_ACTOR, type: 'User' },
  };
}

/** GITHUB_* of a pull_request run: the ref is the merge ref, GITHUB_SHA stands in for the merge commit. */
function pullRequestContext(number: number, head: string, base: string): Env {
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REF: `refs/pull/${number}/merge`,
    GITHUB_REF_NAME: `${number}/merge`,
    GITHUB_REF_TYPE: 'branch',
    GITHUB_HEAD_REF: head,
    GITHUB_BASE_REF: base,
  };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The GITHUB_* variables and the payload of the event `--event` names. */
function eventOf(
  kind: string,
  info: GitInfo,
  cwdOf: (path: string) => string,
  userGithub: Env,
): { github: Env; payload: unknown; label: string } {
  const base: Env = { ...DEFAULT_GITHUB };
  if (info.sha) base.GITHUB_SHA = info.sha;
  if (info.repository) base.GITHUB_REPOSITORY = info.repository;
  const branch = info.branch ?? 'main';
  const ctx = (own: Env): Env => ({ ...base, ...own, ...userGithub });
  if (kind === 'push') {
    const github = ctx({ GITHUB_REF: `refs/heads/${branch}`, GITHUB_REF_NAME: branch });
    return { github, payload: pushEvent(github, info), label: `push to ${github.GITHUB_REF ?? ''}` };
  }
  if (kind === 'pull_request') {
    const github = ctx(pullRequestContext(1, branch, 'main'));
    return { github, payload: pullRequestEvent(github, info, 1), label: 'pull_request #1' };
  }
  const file = cwdOf(kind);
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(
      `--event '${kind}' is neither push, pull_request nor a readable JSON file (${(error as Error).message})`,
    );
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw new UsageError(`--event file ${file} does not hold a JSON object`);
  const event = payload as {
    ref?: unknown;
    after?: unknown;
    repository?: { full_name?: unknown };
    pull_request?: { number?: unknown; head?: { ref?: unknown }; base?: { ref?: unknown } };
  };
  const own: Env = {};
  const repository = text(event.repository?.full_name);
  if (repository) own.GITHUB_REPOSITORY = repository;
  if (!info.sha && text(event.after)) own.GITHUB_SHA = text(event.after) ?? '';
  const number = event.pull_request?.number;
  if (typeof number === 'number') {
    Object.assign(
      own,
      pullRequestContext(
        number,
        text(event.pull_request?.head?.ref) ?? branch,
        text(event.pull_request?.base?.ref) ?? 'main',
      ),
    );
  } else {
    const ref = text(event.ref) ?? `refs/heads/${branch}`;
    Object.assign(own, {
      GITHUB_REF: ref,
      GITHUB_REF_NAME: ref.replace(/^refs\/(heads|tags)\//, ''),
      GITHUB_REF_TYPE: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    });
  }
  const github = ctx(own);
  return {
    github,
    payload,
    label: `${github.GITHUB_EVENT_NAME ?? 'push'} ${github.GITHUB_REF ?? ''} from ${file}`,
  };
}

// --- Printing ---

/** Where the command writes and what it reads of its process: the real one, or a test's. */
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const processIo = (): Io => ({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});

function shown(value: string): string {
  if (value === '') return '(empty)';
  const oneLine = value.replace(/\r?\n/g, ' ⏎ ');
  return oneLine.length > MAX_VALUE
    ? `${oneLine.slice(0, MAX_VALUE - 40)}… (${value.length} characters)`
    : oneLine;
}

/** A URL as it may be shown: without the user name and password it may carry. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return url;
  }
}

async function main(argv: string[], io: Io): Promise<number> {
  /** Values never printed: the tokens, secret inputs and variables, and what the step masks (`::add-mask::`). */
  const masks = new Masks();
  /**
   * Prints a line, masked, its control and invisible characters shown as `\uXXXX`: the service's text (an output, the
   * log, the summary) must not drive the terminal (an escape sequence, a carriage return over a line, a bidi override).
   */
  const write = (line = ''): void => {
    io.stdout.write(`${showInvisible(masks.apply(line))}\n`);
  };
  const rule = (title: string): void => {
    write();
    write(`── ${title} ${'─'.repeat(Math.max(3, RULE_WIDTH - title.length - 4))}`);
  };

  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      input: { type: 'string', short: 'i', multiple: true },
      env: { type: 'string', short: 'e', multiple: true },
      event: { type: 'string', default: 'push' },
      cwd: { type: 'string' },
      'api-url': { type: 'string' },
      'api-token': { type: 'string' },
      org: { type: 'string' },
      fault: { type: 'string', multiple: true },
      debug: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const names = actionNames();
  const [name, ...extra] = positionals;
  if (values.help) {
    if (name !== undefined && names.includes(name)) io.stdout.write(actionHelp(name));
    else io.stdout.write(`${HELP}\nActions:\n${actionList()}\n`);
    return 0;
  }
  if (name === undefined) throw new UsageError('which action? Give its name', true);
  if (!names.includes(name)) throw new UsageError(`there is no action '${name}'`, true);
  if (extra.length > 0)
    throw new UsageError(
      `one action at a time: '${extra.join(' ')}' is not an option (inputs: --input key=value)`,
    );

  const spec = readSpec(name);
  const declared = spec.inputs ?? {};
  const given = pairs(values.input, '--input');
  const unknown = Object.keys(given).filter((key) => !(key in declared));
  if (unknown.length > 0) {
    throw new UsageError(
      `${name} has no input ${unknown.map((k) => `'${k}'`).join(', ')}; its inputs: ${Object.keys(declared).join(', ')}`,
    );
  }
  const userEnv = pairs(values.env, '--env');
  const bundle = actionMain(actionFile(name));
  if (!existsSync(bundle))
    throw new UsageError(`${bundle} is missing: build the bundle first (npm run build)`);

  // `npm run` starts scripts in the package's folder; the folder it was typed in is INIT_CWD.
  const here = io.env.INIT_CWD ?? io.cwd;
  const cwdOf = (path: string) => resolve(here, path);
  const cwd = cwdOf(values.cwd ?? '.');
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw new UsageError(`--cwd ${cwd} is not a folder`);
  const userGithub = Object.fromEntries(Object.entries(userEnv).filter(([k]) => k.startsWith('GITHUB_')));
  const info = gitInfo(cwd);
  const event = eventOf(values.event, info, cwdOf, userGithub);

  for (const [key, value] of [...Object.entries(given), ...Object.entries(userEnv)])
    if (SECRET_NAME.test(key)) masks.add(value);

  // The service: --api-url (or an api-url input) names one; else a sandbox of our own.
  const externalUrl = given['api-url'] ?? values['api-url'];
  let sandbox: Sandbox | undefined;
  let connection: { url: string; token: string | undefined; org: string | undefined };
  if (externalUrl !== undefined) {
    if (externalUrl.trim() === '') throw new UsageError('--api-url is empty: give the URL of the service');
    if (values.fault?.length) throw new UsageError('--fault is for the sandbox, not with --api-url');
    connection = {
      url: externalUrl,
      token: values['api-token'] ?? io.env.COMPLIANCE_API_TOKEN,
      org: values.org ?? io.env.COMPLIANCE_ORG,
    };
  } else {
    // Loaded only here: the sandbox is most of the command's start, and --help, bad usage and --api-url need none.
    const { Sandbox } = await import('@compliance-actions/sandbox/server');
    sandbox = new Sandbox({ seed: demoSeed() });
    try {
      for (const fault of values.fault ?? []) sandbox.faults.addFromFlag(fault);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    connection = {
      url: await sandbox.start(0, '127.0.0.1'),
      token: values['api-token'] ?? DEMO_TOKEN,
      org: values.org ?? DEMO_ORG,
    };
  }
  masks.add(connection.token);

  const inputs = { ...given };
  const env: Env = {};
  for (const variable of [...PASSED, ...(sandbox ? [] : PASSED_TO_SERVICE)]) {
    const value = io.env[variable];
    if (value !== undefined) env[variable] = value;
  }
  Object.assign(env, userEnv);
  const fill = { 'api-url': connection.url, 'api-token': connection.token, org: connection.org };
  for (const [input, variable] of Object.entries(CONNECTION_INPUTS)) {
    const value = fill[input as keyof typeof fill];
    if (value === undefined || input in given) continue;
    // An action without the input reads the variable, as it would after the setup action.
    if (input in declared) inputs[input] = value;
    else env[variable] ??= value;
  }

  // The step's RUNNER_TEMP, where it leaves its result and payload files: removed when the command ends, also on a
  // signal (see `cleanups`), unless --keep.
  let temp: string | undefined;
  let step: number | undefined;
  const removeTemp = () => {
    if (temp !== undefined && !values.keep) rmSync(temp, { recursive: true, force: true });
  };
  // On a signal: the step first (it would write on into the folder), then the folder.
  const stop = () => {
    if (step !== undefined) {
      try {
        process.kill(step, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    removeTemp();
    if (temp !== undefined && values.keep)
      io.stderr.write(`npm run action: the step's RUNNER_TEMP is kept in ${temp}\n`);
  };
  cleanups.add(stop);
  try {
    temp = mkdtempSync(join(io.env.TMPDIR?.trim() || tmpdir(), `compliance-action-${name}-`));
    const org = inputs.org ?? connection.org;
    write(
      sandbox
        ? `Sandbox: ${connection.url} (org '${org ?? ''}', the demo seed; it stops when the step ends)`
        : `Service: ${safeUrl(inputs['api-url'] ?? connection.url)}${org ? ` (org '${org}')` : ''}`,
    );
    const sha = event.github.GITHUB_SHA;
    write(
      `Running ${name} in ${cwd} (${event.label}${sha ? `, GITHUB_SHA ${sha.slice(0, 12)}` : ', no git commit: no GITHUB_SHA'})`,
    );

    rule('Log');
    const log = new StepLog(write, masks, { debug: values.debug });
    const result = await runAction(name, {
      inputs,
      env,
      github: event.github,
      event: event.payload,
      cwd,
      runnerTemp: temp,
      onSpawn: (pid) => (step = pid),
      onOutput: (stream, chunk) => log.write(stream, chunk),
    });
    // The runner's file commands are read: what stays is what the step left.
    rmSync(join(temp, '_runner_file_commands'), { recursive: true, force: true });
    step = undefined;
    log.end();
    if (log.lines === 0) write('(nothing)');

    rule('Outputs');
    const outputs = Object.entries(result.outputs);
    if (outputs.length === 0) write('(none)');
    for (const [output, value] of outputs) write(`${output}: ${shown(value)}`);
    if (values.keep) write(`(the step's RUNNER_TEMP, with the files it left, is kept in ${temp})`);
    else if (Object.keys(result.files).length > 0)
      write(
        '(the files the step left in its RUNNER_TEMP are removed when the command ends: --keep keeps them)',
      );

    const exported = Object.entries(result.exportedEnv);
    if (exported.length > 0) {
      rule('Exported to later steps (GITHUB_ENV)');
      for (const [variable, value] of exported)
        write(SECRET_NAME.test(variable) ? `${variable}: ***` : `${variable}: ${shown(value)}`);
    }

    rule('Job summary');
    const columns = io.stdout.isTTY ? io.stdout.columns : Number(io.env.COLUMNS) || 120;
    const summary =
      result.summary.trim() === '' ? '(none)' : markdownToText(result.summary, { width: columns });
    for (const line of summary.split('\n')) write(line);

    write();
    const took = `${(result.ms / 1000).toFixed(1)} s`;
    const warnings = log.annotations.filter((a) => a.level === 'warning').length;
    if (result.code === 0) {
      write(
        `✔ ${name} succeeded in ${took}${warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : ''}`,
      );
      return 0;
    }
    write(
      result.code === null
        ? `✘ ${name} was killed after ${took}`
        : `✘ ${name} failed with exit code ${result.code} in ${took}`,
    );
    for (const a of log.annotations.filter((x) => x.level === 'error')) write(`  Error: ${a.message}`);
    return result.code ?? 1;
  } finally {
    cleanups.delete(stop);
    removeTemp();
    await sandbox?.close();
  }
}

/** What to do if a signal stops the process mid-run: end the step, remove its RUNNER_TEMP unless kept. */
const cleanups = new Set<() => void>();

/** Runs the command with `argv` (the arguments after its name) on `io`; resolves to its exit code, 2 on bad usage. */
export async function run(argv: string[], io: Io = processIo()): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
      (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ||
      (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL';
    if (!usage) throw error;
    const list = error instanceof UsageError && error.listActions;
    // Node's own messages go on with advice about positionals that does not apply here.
    const message = (error as Error).message.replace(/^(Unknown option '[^']*')\..*$/s, '$1');
    io.stderr.write(
      `npm run action: ${message}\n` +
        (list ? `\nActions:\n${actionList()}\n` : '') +
        `\nUsage: npm run action -- <name> [--input key=value ...] [--event push|pull_request|<file>] (--help for more)\n`,
    );
    return 2;
  }
}

// import.meta.main, not a URL compared with argv: a checkout path with a space never equals that.
if (import.meta.main) {
  // Ctrl-C or a kill mid-run: the step and its temp folder go first, then the process ends as the signal would end it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const cleanup of cleanups) cleanup();
      process.exit(128 + constants.signals[signal]);
    });
  }
  process.exitCode = await run(process.argv.slice(2));
}
