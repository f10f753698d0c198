/**
 * The log writer: the only path from text to the step's log. Every message is scrubbed of secrets and put on one line
 * that the runner cannot read as a workflow command (see `noCommand`), so a name from the service, a commit subject
 * or a cluster object can neither run `::add-mask::`, `::stop-commands::` and the like, nor fake a line of the log.
 * Lint (eslint.config.js) keeps the rest of `src/` from printing any other way.
 */
import * as core from '@actions/core';
import { redact } from './redact.js';
import { noCommand } from './text.js';

/** A log line as the writer prints it: scrubbed, on one line, never a workflow command. */
export function safeLine(text: string): string {
  return noCommand(redact(text));
}

/** Where an annotation points, and its title; the title is made safe as the message is. */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
}

function properties(props: AnnotationProperties | undefined): core.AnnotationProperties | undefined {
  if (!props) return undefined;
  return {
    ...props,
    ...(props.title !== undefined && { title: safeLine(props.title) }),
    ...(props.file !== undefined && { file: safeLine(props.file) }),
  };
}

export const log = {
  debug(text: string): void {
    core.debug(safeLine(text));
  },
  info(text: string): void {
    core.info(safeLine(text));
  },
  notice(text: string, props?: AnnotationProperties): void {
    core.notice(safeLine(text), properties(props));
  },
  warning(text: string, props?: AnnotationProperties): void {
    core.warning(safeLine(text), properties(props));
  },
  error(text: string, props?: AnnotationProperties): void {
    core.error(safeLine(text), properties(props));
  },
  /**
   * Text the action laid out over several lines (a dry run's payload), printed line by line, each line made safe as
   * `info` makes one: a line break inside a value still shows as ⏎.
   */
  block(text: string): void {
    for (const line of text.split('\n')) core.info(safeLine(line));
  },
  /** Runs `work` inside a collapsible group of the log. */
  group<T>(title: string, work: () => Promise<T>): Promise<T> {
    return core.group(safeLine(title), work);
  },
  startGroup(title: string): void {
    core.startGroup(safeLine(title));
  },
  endGroup(): void {
    core.endGroup();
  },
  /** Marks the step failed with this message (as an error annotation). */
  fail(text: string): void {
    core.setFailed(safeLine(text));
  },
};
