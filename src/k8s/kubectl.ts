// Reads pods live through `kubectl get pods -o json`, streamed item by item with back-pressure (node:child_process,
// not @actions/exec). Its exit code is the verdict: on some failures it prints an empty `List` and exits 1.
import { spawn } from 'node:child_process';
import { InputError, SourceError } from '../errors/errors.js';
import { NAMESPACE_NAME } from './pods.js';
import { streamItems } from './stream.js';

export interface KubectlOptions {
  /** Read only these namespaces (one kubectl call each, a few at once); all namespaces when absent. */
  namespaces?: string[];
  /** `--kubeconfig` and `--context`. */
  kubeconfig?: string;
  context?: string;
  /** The binary to run; `kubectl` (looked up on the child's PATH) by default. */
  kubectl?: string;
  /** Environment of the child, as given by the caller; when absent the child inherits the process environment. */
  env?: Record<string, string | undefined>;
  /** kubectl's `--request-timeout` for each request to the API server, e.g. `30s`. */
  requestTimeout?: string;
}

/** How much of kubectl's stderr is kept for the error message: the end, where the reason is. */
const STDERR_TAIL_BYTES = 8 * 1024;
/** Namespaces read at once: kubectl's start dominates small namespaces; four stays gentle on the API server. */
const NAMESPACE_CONCURRENCY = 4;
/** After SIGTERM, how long kubectl gets before SIGKILL. */
const KILL_GRACE_MS = 2_000;

/** The arguments of one call; values as `--flag=value`, so a value starting with `-` is never a flag. */
export function kubectlArgs(options: KubectlOptions, namespace?: string): string[] {
  const args = ['get', 'pods', '--output=json'];
  if (namespace === undefined) args.push('--all-namespaces');
  else {
    if (!NAMESPACE_NAME.test(namespace)) {
      const problem = `'${namespace}' is not a namespace name`;
      throw new InputError('namespaces', problem, 'lowercase letters, digits and -, at most 63 characters');
    }
    args.push(`--namespace=${namespace}`);
  }
  if (options.kubeconfig) args.push(`--kubeconfig=${options.kubeconfig}`);
  if (options.context) args.push(`--context=${options.context}`);
  if (options.requestTimeout) args.push(`--request-timeout=${options.requestTimeout}`);
  return args;
}

/** Yields every pod of the cluster (or of the given namespaces) as kubectl prints it. */
export async function* readPodsWithKubectl(options: KubectlOptions) {
  if (options.namespaces?.length === 0) {
    const problem = 'the list is empty';
    throw new InputError('namespaces', problem, 'at least one namespace, or none to read them all');
  }
  // One call for all namespaces, or one per namespace; every name is checked before any call.
  const namespaces = options.namespaces === undefined ? [undefined] : [...new Set(options.namespaces)];
  const calls = namespaces.map((ns) => {
    const args = kubectlArgs(options, ns);
    return (signal: AbortSignal) => runKubectl(options, args, ns, signal);
  });
  yield* mergeBounded(calls, NAMESPACE_CONCURRENCY);
}

type Pulled<T> = { index: number; result: IteratorResult<T> } | { index: number; error: unknown };

/** Items of several generators, at most `limit` at once, one item ahead each; an error returns the others. */
async function* mergeBounded<T>(
  sources: ((signal: AbortSignal) => AsyncGenerator<T, void, undefined>)[],
  limit: number,
): AsyncGenerator<T, void, undefined> {
  // Stops the sources still running: return() would wait behind a next() that may never come (a silent kubectl).
  const stop = new AbortController();
  const running = new Map<number, { gen: AsyncGenerator<T, void, undefined>; next: Promise<Pulled<T>> }>();
  const pull = (index: number, gen: AsyncGenerator<T, void, undefined>): Promise<Pulled<T>> =>
    gen.next().then(
      (result) => ({ index, result }),
      (error: unknown) => ({ index, error }),
    );
  let started = 0;
  const startNext = () => {
    const index = started++;
    const gen = (sources[index] as (signal: AbortSignal) => AsyncGenerator<T, void, undefined>)(stop.signal);
    running.set(index, { gen, next: pull(index, gen) });
  };
  try {
    while (started < sources.length && running.size < limit) startNext();
    while (running.size > 0) {
      const pulled = await Promise.race([...running.values()].map((r) => r.next));
      const entry = running.get(pulled.index);
      if (!entry) continue;
      if ('error' in pulled) {
        running.delete(pulled.index);
        throw pulled.error;
      }
      if (pulled.result.done === true) {
        running.delete(pulled.index);
        if (started < sources.length) startNext();
        continue;
      }
      entry.next = pull(pulled.index, entry.gen);
      yield pulled.result.value;
    }
  } finally {
    stop.abort();
    // Each pending next() ends (its kubectl killed), then each generator is closed.
    await Promise.all(
      [...running.values()].map(async (r) => {
        await r.next;
        await r.gen.return(undefined).catch(() => undefined);
      }),
    );
  }
}

type Exit = { error: NodeJS.ErrnoException } | { code: number | null; signal: NodeJS.Signals | null };

async function* runKubectl(
  options: KubectlOptions,
  args: string[],
  namespace: string | undefined,
  signal: AbortSignal,
): AsyncGenerator<unknown, void, undefined> {
  const binary = options.kubectl ?? 'kubectl';
  // An abort (another namespace failed, or the consumer stopped) sends SIGTERM; the `close` that follows ends this read.
  const child = spawn(binary, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], signal });

  let stderr = Buffer.alloc(0);
  let stderrCut = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = Buffer.concat([stderr, chunk]);
    if (stderr.length > STDERR_TAIL_BYTES) {
      stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
      stderrCut = true;
    }
  });
  const state = { exited: false };
  const exit = new Promise<Exit>((resolve) => {
    // `error` without a pid: it never started (not found, not executable), and no `close` may follow. Other errors
    // (a failed kill) leave the `close` to come.
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      state.exited = true;
      resolve({ error });
    });
    child.on('close', (code, signal) => {
      state.exited = true;
      resolve({ code, signal });
    });
  });
  const where = namespace === undefined ? '' : ` (namespace ${namespace})`;

  try {
    let streamError: unknown;
    let outputBytes = 0;
    const stdout = async function* (): AsyncGenerator<Buffer> {
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        outputBytes += chunk.length;
        yield chunk;
      }
    };
    try {
      for await (const pod of streamItems(stdout())) yield pod;
    } catch (error) {
      streamError = error; // truncated or foreign output; the exit status says why, so it is reported first
    }
    // An empty output is what a failing kubectl prints; only a started one was cut short.
    const cutShort = streamError !== undefined && outputBytes > 0;
    // The exit first: stderr is read to its end only once kubectl has exited.
    const exited = await exit;
    const stderrText = tailText(stderr, stderrCut);
    const failure = describeExit(exited, binary, where, stderrText, cutShort ? streamError : undefined);
    if (failure) throw failure;
    if (streamError !== undefined) {
      throw new SourceError(
        'kubectl',
        `exited with code 0 but its output${where} is not a complete pod list: ${messageOf(streamError)}`,
        'Check that the kubectl binary is the real kubectl',
        { cause: streamError },
      );
    }
  } finally {
    // Reached early when the consumer stops (or on an error): leave no kubectl behind, and wait until it is gone.
    if (!state.exited) {
      child.stdout.destroy();
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      await exit;
      clearTimeout(force);
    }
  }
}

function describeExit(
  exit: Exit,
  binary: string,
  where: string,
  stderr: string,
  /** What was wrong with the output kubectl cut short; undefined when it was not cut short. */
  cause: unknown,
): SourceError | undefined {
  if ('error' in exit) {
    if (exit.error.code === 'ENOENT') {
      return new SourceError(
        'kubectl',
        `'${binary}' was not found${binary.includes('/') ? '' : ' on PATH'}`,
        'Install kubectl on the runner (or give its path), or pass pods-file with the output of kubectl get pods -o json',
        { cause: exit.error },
      );
    }
    const problem = `could not be started ('${binary}'): ${exit.error.message}`;
    return new SourceError('kubectl', problem, undefined, { cause: exit.error });
  }
  if (exit.code === 0) return undefined;
  const how =
    exit.code === null ? `was killed by ${exit.signal ?? 'a signal'}` : `exited with code ${exit.code}`;
  return new SourceError(
    'kubectl',
    `${how}${cause === undefined ? '' : ' before finishing its output'}${where}: ${stderr || '(nothing on stderr)'}`,
    HINTS.find(([pattern]) => pattern.test(stderr))?.[1],
    cause === undefined ? undefined : { cause },
  );
}

/** What to check, for the failures kubectl users meet most: the first whose pattern stderr matches. */
const HINTS: [RegExp, string][] = [
  [
    /context was not found|context "[^"]*" does not exist|no context exists/i,
    'Check kube-context: it must name a context of the kubeconfig (kubectl config get-contexts)',
  ],
  [
    /forbidden/i,
    'RBAC: the user or service account of the kubeconfig needs get and list on pods, cluster-wide (a ClusterRole)' +
      ' or in each namespace read (a Role per namespace)',
  ],
  [
    /unauthorized|must be logged in/i,
    'Check the credentials of the kubeconfig user (an expired token, a missing cloud auth plugin)',
  ],
  [
    /executable .* not found|exec plugin/i,
    'The kubeconfig runs a credential plugin that is not installed on the runner',
  ],
  [
    /connection.*refused|no configuration has been provided|unable to connect|dial tcp|no such host|i\/o timeout|deadline exceeded|timeout|invalid configuration|no such file or directory|error loading config/i,
    'Check kubeconfig (or KUBECONFIG) and that the runner can reach the cluster',
  ],
];

function tailText(stderr: Buffer, cut: boolean): string {
  const text = stderr.toString('utf8');
  // A cut tail starts at its first whole line.
  return (cut ? `…${text.slice(text.indexOf('\n') + 1)}` : text).trim();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
