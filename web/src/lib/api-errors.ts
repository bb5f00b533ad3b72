import { ApiError } from './api-client';

/** How the portal reads a failed API call: the server's own message, and which refusal it was. */

/** The server's own words for a failure: its error message, else '<status>: <body>'. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.error ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** A 409: a stale version on update, a duplicate (a lead's phone), a record still in use (a customer with projects). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** A 403: the signed-in role may not do this (employees deleting). */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/** A 404: the record is gone (deleted by someone else, or a wrong link). */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The record as saved now, which a stale update's 409 carries as `current`
 * (`{ error, current }`), when it is the record that was being saved (same
 * id, a version). Undefined for any other error. The rest of it is the
 * server's own answer, trusted as unwrap() trusts every answer.
 */
export function staleCurrent<T extends { id: string; version: number }>(error: unknown, id: string): T | undefined {
  if (!isConflict(error) || typeof error.body !== 'object' || error.body === null || !('current' in error.body)) return undefined;
  const current: unknown = error.body.current;
  if (typeof current !== 'object' || current === null) return undefined;
  if (!('id' in current) || current.id !== id || !('version' in current) || typeof current.version !== 'number') return undefined;
  return current as T;
}
