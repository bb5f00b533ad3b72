import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '@app/functions/app';

/** A non-OK API answer. `message` is '<status>: <body text or status text>' (SPEC.md section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON error body, when the server sent one (see ApiErrorBody). */
    readonly body?: { error?: string; fields?: Record<string, string> },
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
/** The browser's fetch, or what the server renderer sets (the app itself, in-process: entry-server.tsx). */
let fetchImpl: Fetch = (input, init) => fetch(input, init);

/** Every API call of the web goes through this: the browser's fetch unless setApiFetch replaced it. */
export function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return fetchImpl(input, init);
}

/** The server renderer answers the pages' API calls from the app in the same process (no HTTP to itself). */
export function setApiFetch(next: Fetch): void {
  fetchImpl = next;
}

/**
 * The typed client of the whole API. Every call sends credentials (cookies)
 * and X-Requested-With, which the server's CSRF guard asks of state-changing
 * requests without a JSON body (logout, bulk actions with no body).
 */
export const api = hc<AppType>('/', {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => apiFetch(input, init),
  init: { credentials: 'include' },
  headers: { 'X-Requested-With': 'fetch' },
}).api;

type OkBody<R> = R extends ClientResponse<infer Body, infer Status, 'json'>
  ? Status extends 200 | 201
    ? Body
    : never
  : never;

/**
 * Awaits a typed-client call and returns its JSON body, or throws ApiError for
 * any non-OK answer. The one place the web turns responses into errors.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<OkBody<R>> {
  const response = await call;
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as OkBody<R>;
}

/** The ApiError of a non-OK answer: its status, and its JSON body ({ error, fields }) when it has one. */
export async function responseError(response: Pick<Response, 'status' | 'statusText' | 'text'>): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ApiError['body'];
  try {
    body = text ? (JSON.parse(text) as ApiError['body']) : undefined;
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}
