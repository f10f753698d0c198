import { describe, expect, it } from 'vitest';
import { encodeQuery, fillPath } from '../../src/api/index.js';

describe('query encoding', () => {
  it('repeats keys for arrays and never comma-joins', () => {
    const a = '1'.repeat(40);
    const b = '2'.repeat(40);
    expect(encodeQuery({ commit_list: [a, b] })).toBe(`?commit_list=${a}&commit_list=${b}`);
  });

  it('leaves out null and undefined, stringifies numbers and booleans, escapes values', () => {
    expect(encodeQuery({ a: undefined, b: null, c: 3, d: true, e: 'x y&z=1', f: 'custom:cov' })).toBe(
      '?c=3&d=true&e=x+y%26z%3D1&f=custom%3Acov',
    );
    expect(encodeQuery({})).toBe('');
  });
});

describe('path filling', () => {
  it('escapes every parameter', () => {
    expect(fillPath('/x/{org}/{name}', { org: 'acme', name: 'a/b c' })).toBe('/x/acme/a%2Fb%20c');
    expect(() => fillPath('/x/{org}', {})).toThrow('missing path parameter org');
  });
});
