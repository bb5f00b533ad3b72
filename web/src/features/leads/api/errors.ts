import { ApiError } from '../../../lib/api-client';

/** The server's own words for a failure: its error message, else '<status>: <body>'. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.error ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** True for a 409: a stale version on update, or a phone that already belongs to a lead on create. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** The message a stale update shows, with a reload action beside it. */
export const STALE_LEAD_MESSAGE = 'Someone else changed this lead. Reload it to see their changes.';
