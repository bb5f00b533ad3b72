import { Hono } from 'hono';
import { SERVICES } from '@app/shared-types/constants';
import { markdownText } from '@app/shared-types/markdown';
import { publicProjectPath } from '@app/shared-types/api';
import { publishedPostDates, publishedPostsPage } from '../blog';
import { allPages } from '../db/entity';
import { websiteProjectDates } from '../projects';
import { getSettings } from '../settings';
import type { AppEnv } from '../app-deps';
import { escapeHtml } from '../lib/html';
import { access } from '../lib/route-access';

const STATIC_PATHS = ['/', '/projects', '/services', '/blog', '/calculator', '/contact'];
/**
 * When the services' text (SERVICES in shared-types/constants.ts, built into
 * the app) last changed: their sitemap lastmod. Move it on with the text.
 */
export const SERVICES_UPDATED = '2026-11-23';

/** Items per read of the sitemap's lists (each read holds addresses and dates only). */
export const SITEMAP_PAGE = 100;

/** Posts in the feed: the newest ones (feed readers keep what they have seen). */
const RSS_ITEMS = 20;

const xmlEscape = (text: string) =>
  // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters even escaped
  text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch);

/** Where the site is: the deployed address (SITE_URL) when the host knows it, else the firm's website setting. */
const siteOrigin = (siteUrl: string | undefined, companyWebsite: string) => (siteUrl || companyWebsite).replace(/\/$/, '');

/** A W3C datetime day (sitemaps), from an ISO timestamp. */
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * sitemap.xml, robots.txt and the blog's RSS feed, built from the live
 * content so new projects and posts get crawled.
 */
export const seo = new Hono<AppEnv>()
  .get('/sitemap.xml', access.public({ lambda: 'public' }), async (c) => {
    const { db } = c.var.deps;
    const [{ company }, projects, posts] = await Promise.all([
      getSettings(db),
      // Only what an entry needs (address and last change), never the descriptions or the posts' bodies.
      allPages((start) => websiteProjectDates(db, SITEMAP_PAGE, start)),
      allPages((start) => publishedPostDates(db, SITEMAP_PAGE, start)),
    ]);
    const origin = siteOrigin(c.var.deps.siteUrl, company.companyWebsite);
    const entries: { path: string; lastmod?: string }[] = [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...SERVICES.map((s) => ({ path: `/services/${s.slug}`, lastmod: SERVICES_UPDATED })),
      ...projects.map((p) => ({ path: publicProjectPath(p), lastmod: day(p.updatedAt) })),
      ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: day(p.updatedAt) })),
    ];
    const urls = entries
      .map(({ path, lastmod }) => `  <url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, 200);
  })
  .get('/robots.txt', access.public({ lambda: 'public' }), async (c) => {
    const { company } = await getSettings(c.var.deps.db);
    const origin = siteOrigin(c.var.deps.siteUrl, company.companyWebsite);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(`User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, 200);
  })
  .get('/blog/rss.xml', access.public({ lambda: 'public' }), async (c) => {
    const { db } = c.var.deps;
    const [{ company }, page] = await Promise.all([getSettings(db), publishedPostsPage(db, RSS_ITEMS)]);
    const origin = siteOrigin(c.var.deps.siteUrl, company.companyWebsite);
    const items = page.items
      .map((post) => {
        const link = xmlEscape(`${origin}/blog/${post.slug}`);
        const description = post.excerpt || markdownText(post.content).slice(0, 300);
        return [
          '    <item>',
          `      <title>${xmlEscape(post.title)}</title>`,
          `      <link>${link}</link>`,
          `      <guid isPermaLink="true">${link}</guid>`,
          `      <pubDate>${new Date(post.publishedAt ?? post.updatedAt).toUTCString()}</pubDate>`,
          // RSS 2.0: a description is HTML, entity-encoded in the XML. The excerpt (or the
          // body's text) is plain text, so it is escaped for HTML and then for XML: a reader
          // decodes the XML, renders the HTML and shows '<b>Tom & Jerry</b>' as written.
          `      <description>${xmlEscape(escapeHtml(description))}</description>`,
          ...post.tags.map((tag) => `      <category>${xmlEscape(tag)}</category>`),
          '    </item>',
        ].join('\n');
      })
      .join('\n');
    const newest = page.items[0];
    c.header('Content-Type', 'application/rss+xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=600');
    return c.body(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '  <channel>',
        `    <title>${xmlEscape(`${company.companyName} Blog`)}</title>`,
        `    <link>${xmlEscape(`${origin}/blog`)}</link>`,
        `    <atom:link href="${xmlEscape(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
        `    <description>${xmlEscape(`Interior design ideas and project stories from ${company.companyName}`)}</description>`,
        '    <language>en-IN</language>',
        ...(newest ? [`    <lastBuildDate>${new Date(newest.publishedAt ?? newest.updatedAt).toUTCString()}</lastBuildDate>`] : []),
        items,
        '  </channel>',
        '</rss>',
        '',
      ]
        .filter((line) => line !== '')
        .join('\n') + '\n',
      200,
    );
  });
