// scripts/lib/step-text.ts: a step's log and job summary as terminal text (npm run action).
import { describe, expect, it } from 'vitest';
import { displayWidth, markdownToText, Masks, StepLog } from '../../scripts/lib/step-text.js';

function render(chunks: [stream: 'stdout' | 'stderr', text: string][]) {
  const lines: string[] = [];
  const log = new StepLog((line) => lines.push(line), new Masks());
  for (const [stream, text] of chunks) log.write(stream, text);
  log.end();
  return { lines, log };
}

describe('StepLog', () => {
  it('never prints a mask command, and masks its value from then on, in every stream', () => {
    const { lines } = render([
      ['stdout', '::add-mask::s3cr3t-value\nusing s3cr3t-value here\n'],
      ['stderr', 'and s3cr3t-value there\n'],
    ]);
    expect(lines).toEqual(['using *** here', 'and *** there']);
    expect(lines.join('\n')).not.toContain('s3cr3t');
  });

  it('joins lines split across chunks, and prints an unfinished last line at the end', () => {
    const { lines } = render([
      ['stdout', '::add-mask::abcdef\nfirst ab'],
      ['stdout', 'cdef\nlast'],
    ]);
    expect(lines).toEqual(['first ***', 'last']);
  });

  it('labels annotations, unescapes their data, names their place, and keeps them', () => {
    const { lines, log } = render([
      ['stdout', '::warning file=a.txt,line=3::Two%0Alines 100%25\n'],
      ['stdout', '::error title=Gate::Tripped\n::notice::Fine\n'],
    ]);
    expect(lines).toEqual(['Warning: Two', 'lines 100% (a.txt:3)', 'Error: Gate: Tripped', 'Notice: Fine']);
    expect(log.annotations).toEqual([
      { level: 'warning', message: 'Two\nlines 100%', where: 'a.txt:3' },
      { level: 'error', message: 'Gate: Tripped' },
      { level: 'notice', message: 'Fine' },
    ]);
  });

  it('prints lines between stop-commands and its token as they are, and hides silent commands', () => {
    const { lines } = render([
      ['stdout', '::stop-commands::tok1\n::group::not a group\n::tok1::\n::save-state name=x::1\n'],
    ]);
    expect(lines).toEqual(['::group::not a group']);
  });
});

describe('markdownToText', () => {
  it('drops tags, underlines headings and shows links with their address', () => {
    const text = markdownToText(
      '<sub>Outcome: **compliant** · took 20 ms</sub>\n\n### ✅ Artifact a&amp;b\n\n' +
        '[Open it](https://example.test/a)\n',
    );
    expect(text).toBe(
      `Outcome: compliant · took 20 ms\n\n✅ Artifact a&b\n${'─'.repeat(15)}\n\nOpen it (https://example.test/a)`,
    );
  });

  it('renders a table as aligned columns, cells as one line of text', () => {
    const text = markdownToText(
      '| Name | Fingerprint | Pods |\n| --- | --- | ---: |\n' +
        '| [web](https://x.test) | <code>135f&#124;1c</code> | <details><summary>2 pod(s)</summary>a<br>b</details> |\n' +
        '| redis \\| cache | <code>c6c5</code> | 1 |\n',
    );
    expect(text.split('\n')).toEqual([
      'Name           Fingerprint            Pods',
      '─────────────  ───────────  ──────────────',
      'web            135f|1c      2 pod(s): a, b',
      'redis | cache  c6c5                      1',
    ]);
  });

  it('renders a table too wide for the terminal as one block per row', () => {
    const text = markdownToText('| Name | Triggers | Empty |\n| --- | --- | --- |\n| a | ON_X, ON_Y |  |\n', {
      width: 10,
    });
    expect(text).toBe('Name: a\n  Triggers: ON_X, ON_Y');
  });

  it('renders lists, quotes, code and block HTML', () => {
    const text = markdownToText(
      '- one\n  - nested\n\n1. first\n\n> quoted\n\n```\ncode\n```\n\n<details>\n<summary>More</summary>\n\ninside\n</details>\n',
    );
    expect(text).toBe('- one\n  - nested\n\n1. first\n\n│ quoted\n\n    code\n\nMore:\n\ninside');
  });
});

describe('displayWidth', () => {
  it('counts emoji and CJK as two columns, zero-width characters as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('✅ yes')).toBe(6);
    expect(displayWidth('⚠️ missing')).toBe(10);
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('a\u200Bb')).toBe(2);
  });
});
