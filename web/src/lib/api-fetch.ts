import { apiFetch, responseError } from './api-client';

/**
 * Calls an API path the typed client does not carry (yet): the same
 * credentials, X-Requested-With header and ApiError as `unwrap(api...)`.
 * Prefer the typed client; this is for routes AppType does not describe and
 * for file downloads.
 */

function request(path: string, method: string, json: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'fetch' };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  return apiFetch(path, { method, credentials: 'include', headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

/** The JSON answer of `method path` (a body is sent as JSON only when given); throws ApiError for any non-OK answer. */
export async function apiJson<T>(path: string, { method = 'GET', json }: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await request(path, method, json);
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as T;
}

/** A file the API answers (a PDF): its bytes and the name from Content-Disposition, else `fallbackName`. */
export async function apiFile(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await request(path, 'GET', undefined);
  if (!response.ok) throw await responseError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  let filename = fallbackName;
  try {
    filename = star ? decodeURIComponent(star) : (plain ?? fallbackName);
  } catch {
    filename = plain ?? fallbackName;
  }
  return { blob: await response.blob(), filename };
}

/** Saves a file the browser holds under `filename` (an object URL clicked as a download link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the click before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
