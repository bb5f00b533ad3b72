/**
 * Tells the server a visitor read a post (counted at most once a day per
 * visitor). Sent after the post has shown, as a beacon the browser delivers
 * in the background (or a keepalive fetch), so it never delays the page and a
 * failure is nobody's concern.
 */
export function recordBlogView(slug: string): void {
  const url = `/api/blog-posts/by-slug/${encodeURIComponent(slug)}/view`;
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
    void fetch(url, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => undefined);
  } catch {
    // A view that could not be counted changes nothing for the reader.
  }
}
