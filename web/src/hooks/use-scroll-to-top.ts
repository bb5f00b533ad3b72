import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page (a link followed) starts at the top; back and forward leave the
 * position to the browser, which restores it. Works under both routers (the
 * website's declarative one has no ScrollRestoration).
 */
export function useScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
