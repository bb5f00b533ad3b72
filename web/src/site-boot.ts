/**
 * The website's script in site.html. The page arrived rendered (its text, its
 * links and its hero image work without script), so the app that makes it
 * interactive (site-main.tsx, about 145 KiB gzip) is fetched once the page has
 * loaded and painted: until then a phone's bandwidth and CPU go to the page
 * itself (its first paint and its LCP image), not to the script.
 */
function start() {
  void import('./site-main');
}

/** After the frame that follows (a frame callback runs just before a paint; a task queued from it, just after). */
function afterNextPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
}

if (document.readyState === 'complete') afterNextPaint(start);
else window.addEventListener('load', () => afterNextPaint(start), { once: true });
