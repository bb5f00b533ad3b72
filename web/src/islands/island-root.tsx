import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPath, Router, type Location, type Navigator, type To } from 'react-router';
import { theme } from '../lib/theme';
import { ToastProvider } from '../lib/toast';

/**
 * What an island renders in, the same on the server (entry-server.tsx renders each island as a
 * root of its own) and in the browser (hydrate.tsx): theme, the page's query cache, toasts and a
 * router. The page's global styles (CssBaseline) are the page's, not an island's.
 *
 * The router is the page's address: a link inside an island loads its page from the server (the
 * page around the island is static HTML, so it cannot change in place); a change of the query
 * only (the projects' filter) stays in the page, in history, and re-renders the island.
 */
export function IslandRoot({ queryClient, url, onHydrated = noop, children }: IslandRootProps) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <PageRouter url={url}>
              {children}
              <Committed onCommitted={onHydrated} />
            </PageRouter>
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}

interface IslandRootProps {
  queryClient: QueryClient;
  /** The page's address. */
  url: string;
  /** In the browser: called once React has hydrated the island. */
  onHydrated?: () => void;
  children: ReactNode;
}

const noop = () => undefined;

/** Rendered on both sides, so that the server's tree is the browser's (useId counts the tree's shape). */
function Committed({ onCommitted }: { onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted]);
  return null;
}

function toLocation(url: URL): Location {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' };
}

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** Moves to `to`: in the page when only its query or hash changes, else a page load. Answers the new address when in the page. */
export function moveTo(to: To, how: 'push' | 'replace'): URL | null {
  const next = new URL(hrefOf(to), window.location.href);
  if (next.origin !== window.location.origin || next.pathname !== window.location.pathname) {
    if (how === 'push') window.location.assign(next);
    else window.location.replace(next);
    return null;
  }
  if (how === 'push') window.history.pushState(null, '', next);
  else window.history.replaceState(null, '', next);
  return next;
}

function PageRouter({ url, children }: { url: string; children: ReactNode }) {
  const [location, setLocation] = useState(() => toLocation(new URL(url)));
  useEffect(() => {
    const onPopState = () => setLocation(toLocation(new URL(window.location.href)));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigator = useMemo<Navigator>(() => {
    const move = (how: 'push' | 'replace') => (to: To) => {
      const next = moveTo(to, how);
      if (next) setLocation(toLocation(next));
    };
    return { createHref: hrefOf, go: (delta) => window.history.go(delta), push: move('push'), replace: move('replace') };
  }, []);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
