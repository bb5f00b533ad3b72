import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { SSR_STATE_ID } from './ssr-state-id';

/**
 * What a server-rendered page hands the browser (entry-server.tsx -> main.tsx):
 * the query cache the page was rendered from, in a JSON script (not run, so the
 * CSP allows it).
 */
export { SSR_STATE_ID };
/** Emotion's cache key on both sides: MUI's default, so the inlined styles are the browser's cache's. */
export const EMOTION_KEY = 'css';

interface SerializedApiError {
  apiError: { status: number; message: string; body?: ApiError['body'] };
}

/**
 * The cache as JSON safe inside <script>: '<' is written \u003c, so no
 * '</script>' or '<!--' in the data can end the element. A query that failed
 * with the API's 404 goes too (the page rendered 'not found' from it), its
 * ApiError kept so the browser's page renders the same.
 */
export function serializeState(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.error instanceof ApiError,
  });
  const queries = state.queries.map((query) => {
    const error = queryClient.getQueryState(query.queryKey)?.error;
    if (!(error instanceof ApiError)) return query;
    const serialized: SerializedApiError = { apiError: { status: error.status, message: error.message, body: error.body } };
    return { ...query, state: { ...query.state, error: serialized } };
  });
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/** Puts the server's cache into `queryClient`; answers whether the page was server-rendered. */
export function hydrateState(queryClient: QueryClient, doc: Document): boolean {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return false;
  const state = JSON.parse(text) as DehydratedState;
  const queries = state.queries.map((query) => {
    const error: unknown = query.state.error;
    if (!isSerializedApiError(error)) return query;
    const { status, message, body } = error.apiError;
    return { ...query, state: { ...query.state, error: new ApiError(status, message, body) } };
  });
  hydrate(queryClient, { ...state, queries });
  keepServerErrors(queryClient);
  return true;
}

/**
 * A query the server found to be a 404 renders 'not found' at once, on both
 * sides: not retried on mount (which would show it loading, and ask again).
 */
export function keepServerErrors(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.error instanceof ApiError) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}
