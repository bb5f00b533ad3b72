import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chunkSources, scriptsOf, webDist as dist } from './bundle-sources';
import { expect, test } from './fixtures';

/**
 * What the home page's scripts may weigh, gzip (level 9, as the bench measures):
 * issue 16's budget. Today about 146 KiB (the website's own bundle, site.html:
 * React, MUI, react-router's declarative router, TanStack Query and the page);
 * an admin or form-library import, or the data router, would add 15-30 KiB.
 */
const HOME_JS_CEILING_KIB = 150;

/** Sources no public page may load: the portal's app (its routes, screens and features) and the form libraries. */
const ADMIN_OR_FORMS = [
  /\/src\/app\/admin\//,
  /\/src\/app\/router\.tsx$/,
  /\/src\/main\.tsx$/,
  /\/src\/features\/(attendance|audit|auth|backups|blog-admin|customers|dashboard|employees|finance|leads|notifications|project-management|quotations|rate-library|registration|settings|vendors)\//,
  /\/node_modules\/(formik|yup|react-hook-form)\//,
  /\/src\/components\/(entity-form-dialog|form-dialog|form-fields|confirm-delete-dialog|confirm-action-dialog|changes-table|paged-list)\.tsx$/,
];

test("the home page's scripts stay under the ceiling and hold no portal code and no form library", async ({ page }) => {
  const scripts = await scriptsOf(page, '/', () => expect(page.getByRole('heading', { level: 1, name: 'Crafting Spaces That Inspire' })).toBeVisible());
  expect(scripts.length).toBeGreaterThan(0);

  let gzip = 0;
  const sources: string[] = [];
  for (const script of scripts) {
    const file = `${dist}${script}`;
    expect(existsSync(file), `${script} is a built file`).toBe(true);
    gzip += gzipSync(readFileSync(file), { level: 9 }).length;
    // Each chunk's source map names the modules it holds.
    sources.push(...(chunkSources(script) ?? []));
  }
  const kib = gzip / 1024;
  test.info().annotations.push({ type: 'home page JS', description: `${scripts.length} files, ${kib.toFixed(1)} KiB gzip` });

  // The check can see what it looks for: the page's own modules are among the sources.
  expect(sources).toContain('/src/app/site/home-page.tsx');
  expect(sources.filter((source) => ADMIN_OR_FORMS.some((pattern) => pattern.test(source)))).toEqual([]);
  expect(kib, `home page JS ${kib.toFixed(1)} KiB gzip`).toBeLessThanOrEqual(HOME_JS_CEILING_KIB);
});

test('the website asks for its app only after the page has loaded (site-boot.ts): the page and its LCP image come first', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html[data-ready]')).toBeAttached();
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.initiatorType !== 'img' && /\/assets\/.+\.js$/.test(entry.name));
    const hero = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.name.endsWith('/images/hero.svg'));
    return { loadEnd: navigation.loadEventEnd, heroEnd: hero?.responseEnd, scripts: scripts.map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })) };
  });
  // The boot script and its preloader come with the page; the app (the one large script) only once the page has loaded.
  const app = timing.scripts.filter((script) => /\/assets\/app-[\w-]+\.js$/.test(script.path));
  expect(app, JSON.stringify(timing.scripts)).toHaveLength(1);
  expect(timing.heroEnd).toBeDefined();
  expect(app[0]!.start).toBeGreaterThanOrEqual(timing.loadEnd);
  expect(app[0]!.start).toBeGreaterThanOrEqual(timing.heroEnd!);
});
