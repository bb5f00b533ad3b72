import { describe, expect, it } from 'vitest';
import { MAX_TOKENS, matchesSearch, parseSearch, searchTextOf, tokensOf } from './search-tokens';

describe('search tokens', () => {
  it('index word prefixes of 2-6, 8 and 10 letters, and every 4 digits of a phone', () => {
    const tokens = tokensOf({ texts: ['Ravi Kumar'], phones: ['+91 98765 43210'] });
    expect(tokens).toEqual(expect.arrayContaining(['ra', 'rav', 'ravi', 'ku', 'kum', 'kuma', 'kumar', '9876', '8765', '3210']));
    expect(tokens).not.toContain('r');
    expect(tokensOf({ texts: ['Renovation'] })).toEqual(['re', 'ren', 'reno', 'renov', 'renova', 'renovati', 'renovation']);
  });

  it('cap an item at MAX_TOKENS so a write fits one transaction', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}abcdefgh`).join(' ');
    expect(tokensOf({ texts: [long] })).toHaveLength(MAX_TOKENS);
  });

  it.each([
    ['  ', null],
    ['Ravi', { terms: ['ravi'], lookups: ['ravi'] }],
    ['ravi kumar', { terms: ['ravi', 'kumar'], lookups: ['ravi', 'kumar'] }],
    ['Renovati', { terms: ['renovati'], lookups: ['renovati'] }],
    ['renovatio', { terms: ['renovatio'], lookups: ['renovati'] }],
    ['+91 98765-43210', { terms: ['9876543210'], lookups: ['9876'] }],
    ['43210', { terms: ['43210'], lookups: ['4321'] }],
    ['a', { terms: ['a'], lookups: [] }],
    ['tag person 0', { terms: ['tag', 'person', '0'], lookups: ['tag', 'person'] }],
  ])('parse %j', (typed, parsed) => {
    expect(parseSearch(typed)).toEqual(parsed);
  });

  it('match when every term starts a word, or 4+ digits sit anywhere in a phone', () => {
    const text = searchTextOf({ texts: ['Ravi Kumar', 'ravi.k@example.com'], phones: ['98765 43210'] });
    expect(matchesSearch(text, parseSearch('kum ravi')!)).toBe(true);
    expect(matchesSearch(text, parseSearch('example')!)).toBe(true);
    expect(matchesSearch(text, parseSearch('65432')!)).toBe(true);
    expect(matchesSearch(text, parseSearch('umar')!)).toBe(false);
    expect(matchesSearch(text, parseSearch('ravi sharma')!)).toBe(false);
    expect(matchesSearch(undefined, parseSearch('ravi')!)).toBe(false);
  });
});
