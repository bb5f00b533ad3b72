/**
 * The website's script in site.html. The page arrived rendered (its text, its links and its
 * images work without script); only its islands (web/src/lib/island.tsx) get code, each when it
 * is due: 'load' ones once the page has loaded and painted (until then a phone's bandwidth and
 * CPU go to the page itself, its first paint and its LCP image), 'visible' ones as they near the
 * viewport, 'interaction' ones on their first touch, focus or key. A page without an island due
 * at load (the menu button, the projects' filter and the forms wait for a touch) loads no React at all. The page is marked
 * ready (html[data-ready]) once its 'load' islands have hydrated.
 *
 * Without a server render (the dev server), the whole site renders in the browser (site-main.tsx).
 */
import { ISLAND_ATTRIBUTE } from './lib/island-attributes';
import { SSR_STATE_ID } from './lib/ssr-state-id';
import { ISLANDS } from './islands/registry';
import { recordPageTouch } from './lib/visit-touch';

async function start(element: HTMLElement): Promise<void> {
  const code = ISLANDS[element.getAttribute(ISLAND_ATTRIBUTE) ?? ''];
  if (!code) return;
  if (code.kind === 'script') {
    (await code.load())(element, JSON.parse(element.dataset.props ?? '{}'));
    return;
  }
  // React first, then the island's own code, then hydration: three tasks, not one long one.
  const { hydrateIsland } = await import('./islands/hydrate');
  await nextTask();
  const Component = await code.load();
  await nextTask();
  await hydrateIsland(element, Component);
}

/** After the browser's other work: a long script or render split in tasks leaves room for input and paint between them. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Once `element` (display: contents, so its children have the boxes) comes within 200 px of the viewport. */
function whenVisible(element: HTMLElement, run: () => void) {
  const targets = [...element.children];
  if (typeof IntersectionObserver === 'undefined' || targets.length === 0) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: '200px' },
  );
  for (const target of targets) observer.observe(target);
}

/**
 * On the first pointer, focus or key on `element`. A press (a click) that came before its code is
 * held and replayed on the same target once the island has hydrated (the server's HTML is the DOM
 * React takes over, so the target is the same node): its mousedown and mouseup, which some controls
 * act on (a select opens on mousedown), then its click. A link's click is not held: the server's
 * link loads its page. What was typed meanwhile is handed over by the hydration (islands/typed-values.ts).
 */
function onInteraction(element: HTMLElement, hydrate: () => Promise<void>) {
  let started: Promise<void> | undefined;
  let hydrated = false;
  const begin = () =>
    (started ??= hydrate().then(() => {
      hydrated = true;
    }));
  for (const type of ['pointerdown', 'focusin', 'keydown']) element.addEventListener(type, () => void begin(), { once: true, passive: true });
  element.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (hydrated || !(target instanceof Element) || target.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      void begin()
        .then(() => {
          for (const type of ['mousedown', 'mouseup', 'click']) target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window, button: 0 }));
        })
        .catch(() => undefined);
    },
    { capture: true },
  );
}

function islandsDue(): Promise<unknown> {
  const atLoad: Promise<void>[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    // An island inside another is part of that one's render (islands do not nest).
    if (element.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`)) continue;
    const run = () => start(element);
    const when = element.dataset.hydrate;
    if (when === 'interaction') onInteraction(element, run);
    else if (when === 'visible') whenVisible(element, () => void run());
    else atLoad.push(run());
  }
  return Promise.all(atLoad);
}

/** After the frame that follows (a frame callback runs just before a paint; a task queued from it, just after). */
function afterNextPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
}

function boot() {
  if (!document.getElementById(SSR_STATE_ID)) {
    void import('./site-main');
    return;
  }
  void islandsDue()
    .catch(() => undefined)
    .then(() => {
      document.documentElement.dataset.ready = 'true';
    });
}

// Where the visit came from (issue 26): recorded at once, before any island's code.
recordPageTouch();

if (document.readyState === 'complete') afterNextPaint(boot);
else window.addEventListener('load', () => afterNextPaint(boot), { once: true });
