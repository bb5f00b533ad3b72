import { describe, expect, it } from 'vitest';
import { MAX_TOKENS, matchesSearch, parseSearch, searchLookups, searchTextOf, tokensOf } from './search-tokens';

describe('search tokens', () => {
  it('index word prefixes of 2, 3, 5 and 8 letters, and every 4 digits of a phone', () => {
    const tokens = tokensOf({ texts: ['Ravi Kumar'], phones: ['+91 98765 43210'] });
    expect(tokens).toEqual(expect.arrayContaining(['ra', 'rav', 'ku', 'kum', 'kumar', '9876', '8765', '3210']));
    expect(tokens).not.toContain('r');
    expect(tokens).not.toContain('kuma');
    expect(tokensOf({ texts: ['Renovation'] })).toEqual(['re', 'ren', 'renov', 'renovati']);
  });

  it('cap an item at MAX_TOKENS so a write fits one transaction, keeping the name and phones first', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}abcdefgh`).join(' ');
    const tokens = tokensOf({ texts: ['Deccan Woodworks', long], phones: ['98480 11111', '98480 22222'] });
    expect(tokens).toHaveLength(MAX_TOKENS);
    expect(tokens.slice(0, 7)).toEqual(['de', 'dec', 'decca', 'wo', 'woo', 'woodw', 'woodwork']);
    expect(tokens).toEqual(expect.arrayContaining(['9848', '1111', '2222']));
  });

  it.each([
    ['  ', null],
    ['Ravi', { terms: ['ravi'], lookups: ['rav'] }],
    ['ravi kumar', { terms: ['ravi', 'kumar'], lookups: ['rav', 'kumar'] }],
    ['Renovati', { terms: ['renovati'], lookups: ['renovati'] }],
    ['renovation', { terms: ['renovation'], lookups: ['renovati'] }],
    ['+91 98765-43210', { terms: ['9876543210'], lookups: ['9876'] }],
    ['43210', { terms: ['43210'], lookups: ['4321'] }],
    ['a', { terms: ['a'], lookups: [] }],
    ['tag person 0', { terms: ['tag', 'person', '0'], lookups: ['tag', 'perso'] }],
  ])('parse %j', (typed, parsed) => {
    expect(parseSearch(typed)).toEqual(parsed);
  });

  it.each([
    ['pr kumar', ['kumar']],
    ['ravi pr kumar', ['kumar', 'rav']],
    ['pr', ['pr']],
    ['pr ku', ['pr', 'ku']],
    ['pr 98765', ['98765']],
  ])('read the partitions of %j longest first, two-letter ones only when there is no longer one', (typed, lookups) => {
    expect(searchLookups(parseSearch(typed)!)).toEqual(lookups);
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
