import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from './site/not-found-page';

/**
 * The last route of each app on the main host (shared-types app-paths.ts). A link followed
 * to a path the other app serves (the website's footer to /admin, the quotation
 * page's header to /projects) loads that path's document from the server. Any
 * other unknown path, or one the server sent here directly (no reload loop), is
 * 'not found' (status 404 from the server for the website).
 */
export function OtherAppRoute({ isOtherApp }: { isOtherApp: (pathname: string) => boolean }) {
  const { pathname, search, hash, key } = useLocation();
  const leave = isOtherApp(pathname) && key !== 'default';
  useEffect(() => {
    if (leave) window.location.replace(`${pathname}${search}${hash}`);
  }, [leave, pathname, search, hash]);
  return leave ? null : <NotFoundPage />;
}
