import { createContext, useContext } from 'react';
import { sectionHref } from './sections';

/** The portal's base path: '/admin', or '/' on an admin host. */
export const PortalBaseContext = createContext('/admin');

/** The URL of a portal path ('' is the dashboard; 'leads?new=1' works too). */
export function usePortalHref(): (path: string) => string {
  const base = useContext(PortalBaseContext);
  return (path: string) => sectionHref(base, path);
}
