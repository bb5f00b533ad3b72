/** The rate library's lookups (SPEC.md 7) under one query root, so the rate library's edits can refresh them. */
export const LOOKUPS_KEY = 'quotation-lookups';

/** SPEC.md 8: lookup failures are only logged; the field then offers nothing (or 'No finish types available'). */
export async function logged<T>(what: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    throw error;
  }
}
