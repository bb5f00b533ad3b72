import { normalizePhone } from '@app/shared-types/phone';

/**
 * The search index's vocabulary. An entity's searchable values become tokens,
 * each one an item in its own partition (`SEARCH#<entity>#<token>`) written in
 * the entity's transaction, so a search reads the partition of one query token
 * (its candidates) instead of the whole list.
 *
 * - Words (names, email parts, cities...) give their prefixes of 2, 3, 5 and
 *   8 characters: 'kumar' -> ku, kum, kumar. A query word looks up the longest
 *   of these it covers ('kuma' reads 'kum') and the candidates are checked
 *   against the whole word.
 * - Phone numbers give every run of 4 of their identifying digits, so any 4 or
 *   more digits of a number find it.
 */

/** Lengths of the word prefixes kept as tokens; a query word looks up the longest one it covers. */
const PREFIX_LENGTHS = [2, 3, 5, 8];
/** The shortest token a word gives: its partition is the largest (searchLookups reads it last). */
const SHORTEST_PREFIX = 2;
const PHONE_GRAM = 4;
/**
 * Tokens one item keeps at most: a rename moves them all (deletes and puts)
 * and must still fit one 100-entry transaction with the item, its counter and
 * its audit entry. The name's come first, then the phones', then the rest.
 */
export const MAX_TOKENS = 48;

/** Lower-case words of a text (letters and digits of any script). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function wordTokens(word: string): string[] {
  if (word.length <= 2) return [word];
  return PREFIX_LENGTHS.filter((length) => length <= word.length).map((length) => word.slice(0, length));
}

/** The token a query word looks up: its longest prefix that items are indexed under. */
function lookupOf(term: string): string {
  const length = PREFIX_LENGTHS.filter((candidate) => candidate <= term.length).pop() ?? term.length;
  return term.slice(0, length);
}

function phoneTokens(phone: string): string[] {
  const digits = normalizePhone(phone);
  const tokens: string[] = [];
  for (let i = 0; i + PHONE_GRAM <= digits.length; i++) tokens.push(digits.slice(i, i + PHONE_GRAM));
  return tokens;
}

/** What an entity offers the search: free texts (split into words) and phone numbers. */
export interface SearchSource {
  texts: string[];
  phones?: string[];
}

/** The tokens an item is indexed under, most telling first (the first text, the phones, the other texts), at most MAX_TOKENS. */
export function tokensOf(source: SearchSource): string[] {
  const [first = '', ...rest] = source.texts;
  const tokens = new Set<string>();
  const addWords = (text: string) => wordsOf(text).forEach((word) => wordTokens(word).forEach((token) => tokens.add(token)));
  addWords(first);
  for (const phone of source.phones ?? []) if (phone) phoneTokens(phone).forEach((token) => tokens.add(token));
  rest.forEach(addWords);
  return [...tokens].slice(0, MAX_TOKENS);
}

/** The text a candidate must contain for each query term (the stored search text holds them). */
export function searchTextOf(source: SearchSource): string {
  return [...source.texts.flatMap(wordsOf), ...(source.phones ?? []).filter(Boolean).map(normalizePhone)].join(' ');
}

/** A parsed search: the terms every match contains, and the tokens whose partitions hold the candidates. */
export interface SearchQuery {
  terms: string[];
  /** One lookup token per term of two characters or more; the smallest partition among them is read. */
  lookups: string[];
}

/** Parses what someone typed in a search box; null when it holds nothing to search for. */
export function parseSearch(q: string | undefined): SearchQuery | null {
  const text = (q ?? '').trim();
  if (!text) return null;
  // A phone number typed with its separators is one term of digits.
  if (/^[+\d\s\-().]+$/.test(text) && text.replace(/\D/g, '').length >= PHONE_GRAM) {
    const all = text.replace(/\D/g, '');
    const digits = all.length >= 11 ? normalizePhone(all) : all;
    return { terms: [digits], lookups: [digits.slice(0, PHONE_GRAM)] };
  }
  const terms = [...new Set(wordsOf(text))];
  if (terms.length === 0) return null;
  // One-letter terms have no partition of their own (words are indexed from two letters): they only
  // filter. A search of nothing but single letters has no lookup and reads the list itself.
  return { terms, lookups: terms.filter((term) => term.length >= 2).map(lookupOf) };
}

/**
 * The lookup tokens whose partitions a search reads, longest first (the
 * search goes on with the smallest of them). A two-letter token's partition
 * holds nearly every item (every word starting with those letters, the
 * '.com' of each email): it is read last, that is only for a query with no
 * longer word. A longer word's candidates are checked against the two-letter
 * terms like against every term, so the results are the same.
 */
export function searchLookups(query: SearchQuery): string[] {
  const lookups = [...new Set(query.lookups)].sort((a, b) => b.length - a.length);
  const longer = lookups.filter((token) => token.length > SHORTEST_PREFIX);
  return longer.length > 0 ? longer : lookups;
}

/**
 * True when a stored search text holds every term of the query: each term
 * starts a word, or (4 digits or more) sits anywhere in a phone number.
 */
export function matchesSearch(searchText: unknown, query: SearchQuery): boolean {
  if (typeof searchText !== 'string') return false;
  const words = searchText.split(' ');
  return query.terms.every((term) =>
    /^\d{4,}$/.test(term) ? words.some((word) => word.includes(term)) : words.some((word) => word.startsWith(term)),
  );
}
