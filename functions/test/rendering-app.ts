import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedFirstStart } from '../src/local/seed';
import { pageRenderer, type RendererModule } from '../src/site/page-renderer';
import { createTestApp } from './helpers';

/** The site address the rendering tests give the app (canonical and og:url). */
export const SITE_URL = 'https://www.example.test';

/**
 * The app as it serves the website: with the web's renderer
 * (web/src/entry-server.tsx, loaded from source here; the hosts load its build),
 * the website's document as its template, and the first-start content.
 */
export async function createRenderingApp() {
  // A path, not an import: the web's code is not part of this workspace's type check.
  const entry = fileURLToPath(new URL('../../web/src/entry-server.tsx', import.meta.url));
  const template = readFileSync(fileURLToPath(new URL('../../web/site.html', import.meta.url)), 'utf8');
  const module = (await import(/* @vite-ignore */ entry)) as RendererModule;
  const created = await createTestApp({ renderPage: pageRenderer(module, template), siteUrl: SITE_URL });
  await seedFirstStart(created.db);
  return created;
}
