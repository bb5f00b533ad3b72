/**
 * The blog's part of `npm run bench` (BENCH_ONLY=blog runs it alone):
 * BENCH_BLOG_POSTS posts (200) written through POST /api/blog-posts, most of
 * them published, each about 6 KB of Markdown; then BENCH_BLOG_READS requests
 * (500) of each public read, 10 in flight: the /blog list's first page, a post
 * by its slug, the view beacon (one visitor per request, so each is counted),
 * sitemap.xml and the RSS feed; and Blog Management's list and figures.
 * p50/p99 each.
 */
import { latencyLine, pool, seed } from './request-pool';

const POSTS = Number(process.env.BENCH_BLOG_POSTS ?? 200);
const READS = Number(process.env.BENCH_BLOG_READS ?? 500);
const IN_FLIGHT = 10;

/** About 6 KB of Markdown: headings, a list, links and emphasis, as a real article has. */
function article(n: number) {
  const section = (i: number) =>
    `## Section ${i} of post ${n}\n\nA paragraph with **bold** words, *emphasis* and a [link to the calculator](/calculator). ` +
    'Matte laminates hide fingerprints, quartz counters shrug off turmeric, and washable paint means crayon art is a five-minute fix. '.repeat(3) +
    '\n\n- one point\n- another point\n- a third point with [an outside link](https://example.com)\n\n';
  return Array.from({ length: 8 }, (_, i) => section(i + 1)).join('');
}

export async function blogBench(url: string, cookie: string) {
  const headers = { cookie, origin: url };
  const created = await seed(
    url,
    cookie,
    '/api/blog-posts',
    Array.from({ length: POSTS }, (_, n) => ({
      title: `Bench post ${String(n).padStart(4, '0')}`,
      excerpt: `The ${n}th bench article, about storage, light and materials.`,
      content: article(n),
      tags: `bench, tag${n % 10}`,
      category: 'tips',
      status: n % 5 === 0 ? 'draft' : 'published',
    })),
    4,
  );
  console.log(`Blog: wrote ${POSTS} posts (~6 KB of Markdown each) through POST /api/blog-posts in ${created.seconds.toFixed(1)} s, statuses ${JSON.stringify(created.statuses)}`);
  const slug = (n: number) => `bench-post-${String(n - (n % 5 === 0 ? 1 : 0)).padStart(4, '0')}`;
  const get = (path: string, signedIn = false) => () => fetch(`${url}${path}`, signedIn ? { headers } : {});
  const reads: [string, (n: number) => Promise<Response>][] = [
    ['GET /api/blog-posts (the /blog list, 12 a page)', get('/api/blog-posts?limit=12')],
    ['GET /api/blog-posts/by-slug/:slug', (n) => fetch(`${url}/api/blog-posts/by-slug/${slug((n % (POSTS - 1)) + 1)}`)],
    [
      'POST /api/blog-posts/by-slug/:slug/view (new visitors)',
      // A visitor of its own per request (the server trusts X-Forwarded-For here), so the per-address limit is one person's.
      (n) =>
        fetch(`${url}/api/blog-posts/by-slug/${slug((n % (POSTS - 1)) + 1)}/view`, {
          method: 'POST',
          headers: { 'user-agent': 'bench', 'x-forwarded-for': `198.19.${n >> 8}.${n & 255}` },
        }),
    ],
    ['GET /sitemap.xml', get('/sitemap.xml')],
    ['GET /blog/rss.xml', get('/blog/rss.xml')],
    ['GET /api/blog-posts/manage (portal, 20 a page)', get('/api/blog-posts/manage?limit=20', true)],
    ['GET /api/blog-posts/manage?q=tag7', get('/api/blog-posts/manage?q=tag7&limit=20', true)],
    ['GET /api/blog-posts/manage/stats', get('/api/blog-posts/manage/stats', true)],
  ];
  console.log(`Blog reads (${READS} each, ${IN_FLIGHT} in flight), ${POSTS} posts:`);
  for (const [label, read] of reads) {
    console.log(latencyLine(label, await pool(READS, IN_FLIGHT, read), READS));
  }
}
