/** Type guards for values from outside the type system (requests, stored items, files): checked, never asserted. */

/** Whether `value` is one of `list`'s members; narrows a string from a request or a stored item to the list's type. */
export function isOneOf<T>(list: readonly T[], value: unknown): value is T {
  return list.some((member) => member === value);
}

/** Whether `value` is a plain object (what JSON.parse gives for `{...}`): not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
