/**
 * List outputs: the one helper that caps them (src/runtime/output.ts), and the finisher that writes every
 * list through it, in-process against real runner files. The same through the bundle, with a later step that takes
 * the list through `env:`: test/workflow-run/list-output-cap.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRunner } from '../../src/runtime/context.js';
import { capJsonList, LIST_OUTPUT_CAP, MAX_MATRIX_JOBS } from '../../src/runtime/output.js';
import { defineAction, runStep, type FinishInputs, type StepResult } from '../../src/runtime/step.js';
import { registerSecret } from '../../src/trust/redact.js';
import { useInProcessRunner } from '../helpers/in-process.js';
import { inputEnv } from '../helpers/inputs.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** An item whose JSON is exactly `size` bytes: `"xx…x"`. */
const sized = (size: number, fill = 'x') => fill.repeat(size - 2);

describe('capJsonList', () => {
  it('keeps a list under the cap whole, as JSON.stringify writes it', () => {
    const items = [{ name: 'a', fingerprint: null, state: 'NOT-FOUND' }, 'b', 3, null, [1, 2], undefined];
    expect(capJsonList(items)).toEqual({ json: JSON.stringify(items), kept: 6, truncated: false });
    expect(capJsonList([])).toEqual({ json: '[]', kept: 0, truncated: false });
  });

  // The longest prefix of a long list: the property below, and the finisher's list of 2,000 items.
  it('keeps a list exactly at the cap, and cuts its last item at one byte less', () => {
    // [ + 3 items of 10 bytes + 2 commas + ] = 34 bytes.
    const items = [sized(10), sized(10), sized(10)];
    expect(bytes(JSON.stringify(items))).toBe(34);
    expect(capJsonList(items, 34)).toEqual({ json: JSON.stringify(items), kept: 3, truncated: false });
    expect(capJsonList(items, 33)).toEqual({
      json: JSON.stringify(items.slice(0, 2)),
      kept: 2,
      truncated: true,
    });
    // The same in bytes, not characters: é is two bytes, € three.
    const wide = ['é'.repeat(4), '€'.repeat(2)];
    expect(bytes(JSON.stringify(wide))).toBe(21);
    expect(capJsonList(wide, 21).truncated).toBe(false);
    expect(capJsonList(wide, 20)).toMatchObject({ kept: 1, truncated: true });
  });

  it('ends the list at an item bigger than the cap: never a cut item, never a later one out of order', () => {
    expect(capJsonList([sized(LIST_OUTPUT_CAP), 'small'])).toEqual({ json: '[]', kept: 0, truncated: true });
    expect(capJsonList(['first', sized(LIST_OUTPUT_CAP), 'small'])).toEqual({
      json: '["first"]',
      kept: 1,
      truncated: true,
    });
  });

  it('measures each item as it is written: scrubbed of the token, and a scrub that lengthens one is counted', () => {
    registerSecret(TEST_TOKEN);
    const capped = capJsonList([`echo ${TEST_TOKEN}`]);
    expect(capped.json).toBe('["echo ***"]');
    // `http://@h` is written `http://***@h`: 3 bytes more than its JSON, and the cap counts them.
    const url = ['http://@h'];
    expect(bytes(JSON.stringify(url))).toBe(13);
    expect(capJsonList(url, 15)).toEqual({ json: '[]', kept: 0, truncated: true });
    expect(capJsonList(url, 16)).toEqual({ json: '["http://***@h"]', kept: 1, truncated: false });
  });

  it('any list and any cap: valid JSON, the longest prefix of whole items that fits, and truncated says so', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 30 }), fc.nat(400), (items, extra) => {
        const cap = 2 + extra;
        const { json, kept, truncated } = capJsonList(items, cap);
        expect(bytes(json)).toBeLessThanOrEqual(cap);
        // Compared as JSON would carry them (-0 is written 0).
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(items.slice(0, kept))));
        expect(truncated).toBe(kept < items.length);
        if (truncated) expect(bytes(JSON.stringify(items.slice(0, kept + 1)))).toBeGreaterThan(cap);
      }),
    );
  });
});

describe('the finisher writes every list output through the cap', () => {
  const newRunner = useInProcessRunner();

  /** A step that sets one list of `count` items, 100 bytes of JSON each (as a matrix with `matrix`), and a count. */
  async function listStep(count: number, matrix = false, size = 100) {
    const runner = newRunner();
    const items = Array.from({ length: count }, (_, n) => ({
      n,
      pad: 'p'.repeat(size - 15 - String(n).length),
    }));
    const action = defineAction<FinishInputs>({
      name: 'probe',
      read: (reader, cwd) => ({ runner: readRunner(reader.env, cwd), summary: false }),
      run: (): Promise<StepResult> =>
        Promise.resolve({
          outcome: 'listed',
          outputs: { items: matrix ? { include: items } : items, count },
          result: { count },
        }),
      couldNot: () => 'Could not probe',
    });
    await runStep(action, inputEnv({}, runner.env), runner.dir, []);
    return { runner, items };
  }

  it('a list over the cap: its first items, -truncated true, a log line, and the whole list in the result file', async () => {
    const { runner, items } = await listStep(2000);
    expect(bytes(JSON.stringify(items))).toBe(2000 * 101 + 1);
    const outputs = runner.outputs();
    const listed = JSON.parse(outputs.items ?? '') as unknown[];
    expect(bytes(outputs.items ?? '')).toBeLessThanOrEqual(LIST_OUTPUT_CAP);
    // 100 bytes an item, a comma between and the brackets: 648 fit in 65,536 bytes (101 × 648 + 1 = 65,449).
    expect(listed).toEqual(items.slice(0, 648));
    expect(outputs).toMatchObject({ 'items-truncated': 'true', count: '2000', outcome: 'listed' });
    expect(runner.stdout()).toContain(
      'Output items holds the first 648 of 2000 items (64 KiB at most, items-truncated is true); ' +
        'the full list is in result-file, under outputLists.',
    );
    expect(runner.keptJson(outputs['result-file'] ?? '')).toEqual({
      outcome: 'listed',
      count: 2000,
      outputLists: { items },
    });
  });

  it('a list under the cap: whole, -truncated false, no log line', async () => {
    const { runner, items } = await listStep(3);
    expect(runner.outputs()).toMatchObject({ items: JSON.stringify(items), 'items-truncated': 'false' });
    expect(runner.stdout()).not.toContain('holds the first');
  });

  it('a matrix over the cap: {"include": its first items}, -truncated, and -count as written', async () => {
    const { runner, items } = await listStep(200, true, 1000);
    const outputs = runner.outputs();
    expect(bytes(outputs.items ?? '')).toBeLessThanOrEqual(LIST_OUTPUT_CAP);
    // 1,000 bytes an item and a comma: 65 fit in 65,536 bytes with the 12 of {"include":} and the brackets.
    expect(JSON.parse(outputs.items ?? '')).toEqual({ include: items.slice(0, 65) });
    expect(outputs).toMatchObject({ 'items-truncated': 'true', 'items-count': '65' });
    expect(runner.keptJson(outputs['result-file'] ?? '')).toMatchObject({ outputLists: { items } });
    const small = await listStep(2, true);
    expect(small.runner.outputs()).toMatchObject({
      items: JSON.stringify({ include: small.items }),
      'items-count': '2',
    });
    expect((await listStep(0, true)).runner.outputs()).toMatchObject({
      items: '{"include":[]}',
      'items-count': '0',
    });
  });

  it("a matrix under 64 KiB but over GitHub's 256 jobs: its first 256 entries, and truncated", async () => {
    const { runner, items } = await listStep(300, true);
    expect(bytes(JSON.stringify(items))).toBeLessThan(LIST_OUTPUT_CAP);
    const outputs = runner.outputs();
    expect(JSON.parse(outputs.items ?? '')).toEqual({ include: items.slice(0, MAX_MATRIX_JOBS) });
    expect(outputs).toMatchObject({ 'items-truncated': 'true', 'items-count': String(MAX_MATRIX_JOBS) });
    // A plain list of as many is not a matrix: whole.
    expect(JSON.parse((await listStep(300)).runner.outputs().items ?? '')).toHaveLength(300);
  });
});
