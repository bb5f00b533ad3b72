/** Filters and dialogs kept in the URL's search parameters: read them, change one, turn them into a list query. */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The parameters a setter last asked for, on the page it asked on, until a
 * render shows them. React Router renders a navigation in a transition, later:
 * a change made meanwhile (a debounced search) starts from them.
 */
let asked: { path: string; params: URLSearchParams } | null = null;

/**
 * The URL's search parameters and a setter whose update starts from them as
 * they are now. React Router's own starts from the copy of the render that
 * made the setter: a debounced search typed before a dialog opened then wrote
 * the URL without the dialog, and closed it.
 */
export function useUrlSearchParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const latest = useRef({ params, pathname, setParams });
  // A screen that mounts shows the URL as it is: nothing asked before is pending for it.
  useLayoutEffect(() => {
    asked = null;
  }, []);
  useLayoutEffect(() => {
    latest.current = { params, pathname, setParams };
    if (asked && asked.path === pathname && asked.params.toString() === params.toString()) asked = null;
  }, [params, pathname, setParams]);
  const set = useCallback((update: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => {
    const now = latest.current;
    const base = asked?.path === now.pathname ? asked.params : now.params;
    const next = typeof update === 'function' ? update(new URLSearchParams(base)) : update;
    asked = { path: now.pathname, params: next };
    now.setParams(next, options);
  }, []);
  return [params, set] as const;
}

/** The value of `list` the URL holds, or '' (unknown values are dropped, as if not set). */
export function pickOption<T extends string>(list: readonly T[], value: string | null): T | '' {
  return list.find((item) => item === value) ?? '';
}

/** The search text (?q=), at most 100 characters. */
export function searchParam(params: URLSearchParams): string {
  return (params.get('q') ?? '').slice(0, 100);
}

/** The URL parameters with one parameter set, or removed when empty, null or `fallback` (a default not written out). */
export function withParam(params: URLSearchParams, name: string, value: string | null, fallback?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '' || value === fallback) next.delete(name);
  else next.set(name, value);
  return next;
}

/**
 * The query of a list endpoint: the filters that are set (search trimmed),
 * the page size and the cursor of the page (none for the first).
 */
export function listQuery(filters: Record<string, string>, limit: number, cursor: string | undefined): Record<string, string> {
  const query: Record<string, string> = { limit: String(limit) };
  for (const [name, value] of Object.entries(filters)) {
    const set = name === 'q' ? value.trim() : value;
    if (set) query[name] = set;
  }
  if (cursor) query.cursor = cursor;
  return query;
}
