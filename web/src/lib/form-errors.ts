import { ApiError } from './api-client';

/** Field messages the server sent with a 400, keyed by form field name; undefined for any other error. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (error instanceof ApiError && error.status === 400 && error.body?.fields) {
    return error.body.fields;
  }
  return undefined;
}
