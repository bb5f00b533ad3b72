import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** The client build the server under test serves (built under /tmp/e2e.lock before a run). */
export const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Where the build keeps the client's source maps, out of what is served (web/private-source-maps.ts). */
const sourceMaps = fileURLToPath(new URL('../../web/source-maps', import.meta.url));

/** The script paths (under web/dist) a page asked for from `goto` until `ready` and the network went quiet. */
export async function scriptsOf(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  const scripts = new Set<string>();
  const listener = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  };
  page.on('request', listener);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return [...scripts];
}

/**
 * The modules a built chunk holds, from the source map the build writes for it (vite.config.ts
 * `sourcemap`, kept in web/source-maps), as paths from the repository's root: '/src/...' for the web app's own,
 * '/node_modules/...' for packages. undefined for a chunk without a map (the bundler's few-line runtime).
 */
export function chunkSources(script: string): string[] | undefined {
  const map = `${sourceMaps}${script}.map`;
  if (!existsSync(map)) return undefined;
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.map((source) => source.replace(/^(\.\.\/)+/, '/'));
}
