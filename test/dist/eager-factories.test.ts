/**
 * The build marks each module factory of the bundle for eager compilation (scripts/eager-factories.mjs):
 * the change of form must keep what the code does, leave alone what is not a module table, and reach every chunk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { eagerFactories } from '../../scripts/eager-factories.mjs';
import { DIST } from '@compliance-actions/runner/loads';

/** Runs a chunk-like script and returns what its module table's factories did to fresh modules. */
function evaluate(code: string): unknown[] {
  const script = `${code.replace('export const modules=', 'modules=')};modules`;
  const table = runInNewContext(script) as Record<string, (m: object, e: object, r: unknown) => unknown>;
  return Object.keys(table).map((id) => {
    const module = { exports: {} as Record<string, unknown> };
    const returned = table[id]?.call(module.exports, module, module.exports, () => 'required');
    return { returned, exports: module.exports };
  });
}

describe('eagerFactories', () => {
  const chunk =
    'export const modules={1:(e,t,r)=>{t.x=r(2);t.y=[1,2].map(v=>v*2)},' +
    '22:e=>e.exports={z:3},' +
    '3:function(e,t){t.w=typeof this}};';

  it('turns each arrow factory into a function expression in parentheses, doing the same', () => {
    const { code, factories } = eagerFactories(chunk);
    expect(factories).toBe(3);
    expect(code).toContain('1:(function(e,t,r){t.x=r(2);t.y=[1,2].map(v=>v*2)})');
    expect(code).toContain('22:(function(e){return e.exports={z:3}})');
    expect(code).toContain('3:(function(e,t){t.w=typeof this})');
    expect(evaluate(code)).toEqual(evaluate(chunk));
  });

  it('keeps a function factory as it is (its name, async) and turns an async arrow into an async function', async () => {
    const source = 'export const modules={1:function n(e){e.exports=n.name},2:async e=>{e.exports=await 7}};';
    const { code, factories } = eagerFactories(source);
    expect(factories).toBe(2);
    expect(code).toContain('1:(function n(e){e.exports=n.name})');
    expect(code).toContain('2:(async function(e){e.exports=await 7})');
    const table = runInNewContext(`${code.replace('export const modules=', 'modules=')};modules`) as Record<
      string,
      (m: { exports?: unknown }) => unknown
    >;
    const [one, two] = [{ exports: undefined as unknown }, { exports: undefined as unknown }];
    table[1]?.(one);
    await table[2]?.(two);
    expect([one.exports, two.exports]).toEqual(['n', 7]);
  });

  it('leaves an arrow factory that reads its own this, arguments or new.target, in its body or its parameters', () => {
    // Inside a function, where new.target and arguments are allowed.
    const source =
      'export function table(){return {1:(e,t=this)=>{e.exports=t},2:e=>{e.exports=new.target},' +
      '3:e=>{e.exports=arguments}}}';
    expect(eagerFactories(source)).toEqual({ code: source, factories: 0 });
  });

  it('leaves an arrow factory that reads its own this or arguments, and what is not a module table', () => {
    const source =
      'export const modules={1:e=>{e.exports=this},2:e=>{e.exports=function(){return this}}};' +
      'const other={a:()=>1,7:()=>2};const ids={1:"x"};';
    const { code, factories } = eagerFactories(source);
    expect(factories).toBe(1);
    expect(code).toContain('1:e=>{e.exports=this}');
    expect(code).toContain('2:(function(e){e.exports=function(){return this}})');
    expect(code).toContain('const other={a:()=>1,7:()=>2};const ids={1:"x"};');
  });

  it('reached every chunk of dist/: no module factory there is an arrow function', () => {
    const files = readdirSync(DIST).filter((f) => f.endsWith('.js'));
    let factories = 0;
    for (const file of files) {
      const code = readFileSync(join(DIST, file), 'utf8');
      expect(eagerFactories(code).factories, file).toBe(0);
      factories += (code.match(/[{,]\d+:\(function\(/g) ?? []).length;
    }
    expect(files.length).toBeGreaterThan(10);
    expect(factories).toBeGreaterThan(100);
  });
});
