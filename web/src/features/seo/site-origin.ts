import type { SiteInfo } from '@app/shared-types/site';
import { trimOrigin } from './model';

/**
 * The public address canonical URLs, og:url and JSON-LD are built on.
 *
 * The server render sets it (setSiteOrigin: SITE_URL, else Settings > Company
 * website, else the request's origin) before it renders. In the browser it is
 * the origin of the canonical link the server rendered, so hydration builds
 * the very same tags; a page the server did not render (the portal, tests)
 * uses the company website, else the page's own origin.
 */
let origin: string | undefined;
/** Whether `origin` is decided: set by the server render, or read once from the page the server rendered. */
let settled = false;

/** The server render's address; undefined forgets it (the next read looks at the page again). */
export function setSiteOrigin(value: string | undefined): void {
  origin = value ? trimOrigin(value) : undefined;
  settled = value !== undefined;
}

function renderedOrigin(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const href = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (!href) return undefined;
  try {
    return new URL(href).origin;
  } catch {
    return undefined;
  }
}

export function siteOrigin(site: SiteInfo | undefined): string {
  // Read once, before PageMeta has rendered a canonical link of its own.
  if (!settled) {
    origin = renderedOrigin();
    settled = true;
  }
  if (origin) return origin;
  if (site?.companyWebsite) return trimOrigin(site.companyWebsite);
  return typeof window === 'undefined' ? '' : window.location.origin;
}
