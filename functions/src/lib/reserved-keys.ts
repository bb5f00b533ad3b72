import { isRecord } from '@app/shared-types/guards';

/**
 * Keys named after Object.prototype's members ('constructor', '__proto__',
 * 'toString', ...): yup looks each key of an object up among the schema's
 * fields, finds the inherited member and throws a TypeError (a 500). Every
 * body, query and import row is checked for them first and refused with 400.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Field messages for the reserved names among `names` (each an own key, '__proto__' included). */
export function reservedNameFields(names: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...names].filter((name) => RESERVED_KEYS.has(name)).map((name) => [name, reservedKeyMessage(name)]));
}

/** The field message for a reserved key. */
export const reservedKeyMessage = (key: string) => `"${key}" is not an allowed field name`;

/** At most this many reserved keys are reported. */
const MAX_REPORTED = 10;

/**
 * The paths (as yup writes them: `a.b[2].c`) of the reserved keys anywhere in
 * `value`, each with its message; empty when there are none. Walks without
 * recursion, so a deeply nested body cannot overflow the stack.
 */
export function reservedKeyFields(value: unknown): Record<string, string> {
  // Entries, not assignments: `fields['__proto__'] = ...` would be lost.
  const fields: [string, string][] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && fields.length < MAX_REPORTED) {
    const next = stack.pop()!;
    if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => stack.push({ value: item, path: `${next.path}[${index}]` }));
      continue;
    }
    if (!isRecord(next.value)) continue;
    for (const [key, value] of Object.entries(next.value)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (RESERVED_KEYS.has(key)) {
        if (fields.length < MAX_REPORTED) fields.push([path, reservedKeyMessage(key)]);
        continue;
      }
      stack.push({ value, path });
    }
  }
  return Object.fromEntries(fields);
}
