/** How long the contact page waits to hear from Google Maps before it keeps the placeholder. */
export const MAP_CHECK_TIMEOUT_MS = 6_000;

/**
 * Whether the map embed can load: an opaque (no-cors) request without
 * cookies or referrer to the embed's address. A network failure, a blocker or
 * no answer within MAP_CHECK_TIMEOUT_MS is false; the browser would otherwise
 * show its broken-frame page in the iframe. `signal` cancels it (the page left).
 */
export async function mapReachable(url: string, signal: AbortSignal): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), MAP_CHECK_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
