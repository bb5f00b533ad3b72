import { Hono } from 'hono';
import { SERVICES } from '@app/shared-types/constants';
import { listPublishedPosts } from '../db/blog-repo';
import { listPublicProjects } from '../db/project-repo';
import { getSettings } from '../db/settings-repo';
import type { AppEnv } from '../lib/deps';

const STATIC_PATHS = ['/', '/projects', '/services', '/blog', '/calculator', '/contact'];

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch);

/** Where the site is: the deployed address (SITE_URL) when the host knows it, else the firm's website setting. */
const siteOrigin = (siteUrl: string | undefined, companyWebsite: string) => (siteUrl || companyWebsite).replace(/\/$/, '');

/** sitemap.xml and robots.txt, built from the live content so new projects and posts get crawled. */
export const seo = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const { db } = c.var.deps;
    const [{ company }, projects, posts] = await Promise.all([
      getSettings(db),
      listPublicProjects(db, { limit: 50 }),
      listPublishedPosts(db, { limit: 50 }),
    ]);
    const origin = siteOrigin(c.var.deps.siteUrl, company.companyWebsite);
    const paths = [
      ...STATIC_PATHS,
      ...SERVICES.map((s) => `/services/${s.slug}`),
      ...(projects?.items ?? []).map((p) => `/projects/${p.id}`),
      ...(posts?.items ?? []).map((p) => `/blog/${p.slug}`),
    ];
    const urls = paths.map((path) => `  <url><loc>${xmlEscape(origin + path)}</loc></url>`).join('\n');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      200,
    );
  })
  .get('/robots.txt', async (c) => {
    const { company } = await getSettings(c.var.deps.db);
    const origin = siteOrigin(c.var.deps.siteUrl, company.companyWebsite);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(`User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, 200);
  });
