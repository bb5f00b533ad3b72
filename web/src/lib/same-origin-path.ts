/**
 * The leading run a browser could read as the start of another host: slashes and
 * backslashes ('//evil.example' and '/\evil.example' are both "evil.example,
 * same scheme"), their percent-encoded forms however often encoded ('%2F',
 * '%252F', '%5C'), and the tabs and line breaks a URL parser drops before it
 * reads the rest.
 */
const LEADING_SEPARATORS = /^(?:[/\\\t\n\r]|%(?:25)*(?:2f|5c|09|0a|0d))+/i;

/**
 * `path` as a path on this origin, for a redirect built from something in the
 * URL: the leading separators collapse to one '/', so the target can never be
 * another host ('//evil.example/login' -> '/evil.example/login') or a scheme
 * ('javascript:x' -> '/javascript:x'). Tabs and line breaks go wherever they are,
 * as a browser would remove them.
 */
export function sameOriginPath(path: string): string {
  return `/${path.replace(/[\t\n\r]/g, '').replace(LEADING_SEPARATORS, '')}`;
}
