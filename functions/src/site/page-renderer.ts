import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One rendered page: its status (404 for unknown paths and records, 301 for a moved one) and the whole HTML document. */
export interface RenderedPage {
  status: number;
  html: string;
  /** With status 301: where the page moved (a project's old id address: its slug's). */
  location?: string;
}

/** What the web's renderer (web/src/entry-server.tsx) needs for one page. */
export interface PageRenderInput {
  /** The request's full URL. */
  url: string;
  /** SITE_URL when the host knows it (canonical and og:url); else Settings > Company website. */
  siteUrl?: string;
  /** Answers the page's API calls ('/api/...') from the app in this process. */
  fetchApi: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;

/** The module esbuild makes of web/src/entry-server.tsx (renderer-bundle.ts). */
export interface RendererModule {
  renderPage: (input: PageRenderInput & { template: string }) => Promise<RenderedPage>;
}

/** A renderer of `module` filling `template` (the website's built document, site.html, with its hashed asset tags). */
export function pageRenderer(module: RendererModule, template: string): PageRenderer {
  return (input) => module.renderPage({ ...input, template });
}

/**
 * The renderer of a built web app folder (web/dist): site.html as the template
 * and server/entry-server.js (web/build-renderer.ts) as the code, loaded once: the
 * local server. (The public Lambda bundles the same entry from source: handlers/public.ts.)
 */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer> {
  const template = readFileSync(join(webDist, 'site.html'), 'utf8');
  const module = (await import(pathToFileURL(join(webDist, 'server', 'entry-server.js')).href)) as RendererModule;
  return pageRenderer(module, template);
}
