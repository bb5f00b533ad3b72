/**
 * The main host has two browser apps. The portal SPA (index.html, main.tsx)
 * serves /admin and a client's quotation link /q/<token>; every other page path
 * is the server-rendered website (site.html, site-main.tsx). The server sends
 * each path the right document (functions/src/site/pages-routes.ts isSitePath; the
 * dev server, web/vite.config.ts; CloudFront's /admin* and /q/* behaviours),
 * and a link from one app into the other loads a new document
 * (web/src/app/other-app-route.tsx).
 */
export function isPortalPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/q/');
}
