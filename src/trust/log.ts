/**
 * The log writer, the only path from text to the log: every message scrubbed and on one line the runner cannot read
 * as a workflow command. Lint keeps the rest of `src/` from printing any other way.
 */
import { issueCommand, writeLine, type CommandProperties } from './commands.js';
import { redact } from './redact.js';
import { noCommand } from './text.js';

/** A log line as the writer prints it: scrubbed, on one line, never a workflow command. */
export function safeLine(text: string): string {
  return noCommand(redact(text));
}

/** Where an annotation points, and its title; the title is made safe as the message is. */
interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
}

function properties(props: AnnotationProperties | undefined): CommandProperties {
  if (!props) return {};
  return {
    ...(props.title !== undefined && { title: safeLine(props.title) }),
    ...(props.file !== undefined && { file: safeLine(props.file) }),
    ...(props.startLine !== undefined && { line: props.startLine }),
  };
}

/** An annotation of one level, its message and properties made safe. */
function annotation(level: 'notice' | 'warning' | 'error') {
  return (text: string, props?: AnnotationProperties): void => {
    issueCommand(level, properties(props), safeLine(text));
  };
}

export const log = {
  debug(text: string): void {
    issueCommand('debug', {}, safeLine(text));
  },
  info(text: string): void {
    writeLine(safeLine(text));
  },
  notice: annotation('notice'),
  warning: annotation('warning'),
  error: annotation('error'),
  /** Text laid out over several lines (a dry run's payload), each line made safe as `info` makes one. */
  block(text: string): void {
    // Scrubbed whole first: a secret split across two of its lines is still one secret.
    for (const line of redact(text).split('\n')) writeLine(noCommand(line));
  },
  /** Runs `work` inside a collapsible group of the log. */
  async group<T>(title: string, work: () => T | Promise<T>): Promise<T> {
    log.startGroup(title);
    try {
      return await work();
    } finally {
      log.endGroup();
    }
  },
  startGroup(title: string): void {
    issueCommand('group', {}, safeLine(title));
  },
  endGroup(): void {
    issueCommand('endgroup', {}, '');
  },
  /** Marks the step failed with this message (as an error annotation). */
  fail(text: string): void {
    process.exitCode = 1;
    issueCommand('error', {}, safeLine(text));
  },
};
