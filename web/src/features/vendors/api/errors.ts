import { ApiError } from '../../../lib/api-client';

/** The server's own words for a failure: its error message, else '<status>: <body>'. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.error ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** A 409: someone else saved the vendor after it was loaded. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** A 403: the signed-in role may not do this (employees deleting). */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}
