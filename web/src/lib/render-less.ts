import { memo, useCallback, useLayoutEffect, useRef, type ComponentType } from 'react';

/**
 * Rendering only what changed, for forms. A Formik form renders again on every keystroke, and each
 * of its fields with it: on the quotation sheet that was some forty MUI inputs per key typed. The
 * fields' props are rebuilt on every render (`slotProps={{ ... }}`, option lists as elements), so
 * React's own `memo` (props compared by identity) never skips one; `sameProps` compares them by
 * value instead.
 */

/** How deep `sameValue` looks into objects, arrays and elements before calling them different. */
const DEPTH = 5;

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A React element: compared by its type, key and props (its owner and dev bookkeeping are not what it shows). */
function isElement(value: object): value is { type: unknown; key: unknown; props: unknown } {
  return '$$typeof' in value && 'type' in value && 'props' in value;
}

/** Equal by value: primitives and functions by identity, arrays, plain objects and elements member by member. */
export function sameValue(a: unknown, b: unknown, depth = DEPTH): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i], depth - 1));
  }
  if (isElement(a) || isElement(b)) {
    return isElement(a) && isElement(b) && a.type === b.type && a.key === b.key && sameValue(a.props, b.props, depth - 1);
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  return sameEntries(a as Record<string, unknown>, b as Record<string, unknown>, depth - 1);
}

function sameEntries(a: Record<string, unknown>, b: Record<string, unknown>, depth: number): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameValue(a[key], b[key], depth));
}

/** React.memo's comparison for props rebuilt on every render: equal when every prop is equal by value. */
export function sameProps<P extends object>(previous: Readonly<P>, next: Readonly<P>): boolean {
  return sameEntries(previous as Record<string, unknown>, next as Record<string, unknown>, DEPTH);
}

/** `component`, rendered again only when its props change by value (functions among them by identity: see useStableHandler). */
export function memoByValue<P extends object>(component: ComponentType<P>) {
  return memo(component, sameProps);
}

/**
 * A handler that keeps its identity across renders and always calls the latest `handler`, so a
 * field given it as a prop need not render again because a parent did. For event handlers only
 * (it calls the handler of the last committed render).
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
