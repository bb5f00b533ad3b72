/**
 * Hot keys (issue 24), part of `npm run bench` (BENCH_ONLY=hotkeys runs it alone):
 * - the blog view beacon on one post: BENCH_BEACONS (1,000) views, each a
 *   visitor of its own, BENCH_BEACON_IN_FLIGHT (50) at once: p50/p99 and the
 *   statuses, then the post's count as staff read it (its shards added up)
 *   against the views answered as counted; and the write units one view
 *   costs on the partitions it writes, as DynamoDB Local reports them
 *   (ReturnConsumedCapacity): an ADD on the post item, as a view wrote before,
 *   against the ADD on a shard it writes now (DynamoDB Local does not throttle:
 *   the per-partition limits are the README's arithmetic on these);
 * - lead searches of one common word with BENCH_HOT_LEADS (100,000) leads in
 *   the table (those not there yet written by BatchWriteItem, lead-data.ts):
 *   a first name (1 lead in 20), its first two letters, the email domain
 *   every lead has, the name with a filter no lead passes
 *   (the search's read budget), and two words of which one has two letters;
 *   each with the token partitions of its words and whether the search reads
 *   them, BENCH_HOT_SEARCHES (300) requests, 5 in flight, p50/p99.
 */
import { UpdateCommand, type UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { parseSearch, searchLookups } from '@app/functions/db/search-tokens';
import type { Db } from '@app/functions/db/client';
import { keys } from '@app/functions/db/keys';
import { latencyLine, pool } from './request-pool';
import { partitionSize, seedLeadsBatch, surnameOf } from './lead-data';

const BEACONS = Number(process.env.BENCH_BEACONS ?? 1_000);
const BEACON_IN_FLIGHT = Number(process.env.BENCH_BEACON_IN_FLIGHT ?? 50);
const HOT_LEADS = Number(process.env.BENCH_HOT_LEADS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_HOT_SEARCHES ?? 300);

/** Write units per partition of one ADD, as DynamoDB Local counts them: the item's, and each index copy's. */
async function writeUnits(db: Db, key: { pk: string; sk: string }, attribute: string, set: Record<string, string> = {}) {
  const names = Object.fromEntries(Object.keys(set).map((name, i) => [`#s${i}`, name]));
  const values = Object.fromEntries(Object.values(set).map((value, i) => [`:s${i}`, value]));
  const sets = Object.keys(names).map((name, i) => `${name} = :s${i}`);
  const answer: UpdateCommandOutput = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key,
      UpdateExpression: `ADD #a :one${sets.length > 0 ? ` SET ${sets.join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#a': attribute, ...names },
      ExpressionAttributeValues: { ':one': 1, ...values },
      ReturnConsumedCapacity: 'INDEXES',
    }),
  );
  const used = answer.ConsumedCapacity;
  const indexes = Object.entries(used?.GlobalSecondaryIndexes ?? {}).map(([name, index]) => `${name} ${index.CapacityUnits ?? 0}`);
  return `${used?.Table?.CapacityUnits ?? 0} on its partition${indexes.length > 0 ? `, ${indexes.join(', ')} on index partitions` : ''}`;
}

async function beaconBench(url: string, cookie: string, db: Db) {
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/blog-posts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: `Hot post ${Date.now()}`, content: 'A long article. '.repeat(5_000), status: 'published' }),
  });
  if (!created.ok) throw new Error(`bench post not created: ${created.status} ${await created.text()}`);
  const post = (await created.json()) as { id: string; slug: string };
  let counted = 0;
  const load = await pool(BEACONS, BEACON_IN_FLIGHT, async (n) => {
    const response = await fetch(`${url}/api/blog-posts/by-slug/${post.slug}/view`, {
      method: 'POST',
      // A visitor of its own per view (the server trusts X-Forwarded-For here), so each one counts.
      headers: { 'user-agent': 'bench', 'x-forwarded-for': `100.64.${n >> 8}.${n & 255}` },
    });
    if (response.ok && ((await response.clone().json()) as { counted: boolean }).counted) counted++;
    return response;
  });
  const read = (await (await fetch(`${url}/api/blog-posts/manage/${post.id}`, { headers })).json()) as { viewCount: number };
  console.log(`Blog view beacon, one post (~80 KB), ${BEACONS} visitors, ${BEACON_IN_FLIGHT} in flight (${load.seconds.toFixed(1)} s, ${Math.round(BEACONS / load.seconds)} views/s):`);
  console.log(latencyLine('POST /api/blog-posts/by-slug/:slug/view', load, BEACONS));
  console.log(`  counted ${counted}; the post's viewCount as staff read it: ${read.viewCount}${read.viewCount === counted ? '' : ' (DIFFERS: a view answered 503 at the deadline can still land)'}`);
  // Measured after the count: these ADDs change the post's count by one and one shard by one.
  const before = await writeUnits(db, keys.blogPost(post.id), 'viewCount');
  const now = await writeUnits(db, keys.blogViewCount(post.id, 0), 'views', { entityType: 'BlogViewCount', postId: post.id });
  console.log(`  write units of a view's ADD (twice that in a transaction): on the post item, as before, ${before}; on a shard, now, ${now}`);
}

async function searchBench(url: string, cookie: string, db: Db) {
  const surname = surnameOf(4321).toLowerCase();
  const searches = [
    { what: 'a first name, 1 lead in 20', query: 'q=priya' },
    { what: 'two letters', query: 'q=pr' },
    { what: 'the email domain, every lead', query: 'q=example' },
    { what: 'a first name, a filter no lead passes', query: 'q=priya&status=Won' },
    { what: 'two letters and a surname', query: `q=${encodeURIComponent(`pr ${surname}`)}` },
  ];
  console.log(`Lead searches of common words, ${HOT_LEADS} leads (${SEARCHES} requests each, 5 in flight):`);
  for (const { what, query } of searches) {
    const q = new URLSearchParams(query).get('q') ?? '';
    const parsed = parseSearch(q);
    const all = [...new Set(parsed?.lookups ?? [])];
    const read = new Set(parsed ? searchLookups(parsed) : []);
    const sizes = await Promise.all(all.map(async (token) => `${token} (${await partitionSize(db, token)}${read.has(token) ? '' : ', not read'})`));
    const get = () => fetch(`${url}/api/leads?${query}&limit=25`, { headers: { cookie, origin: url } });
    const first = await get();
    if (!first.ok) throw new Error(`GET /api/leads?${query}: ${first.status} ${await first.text()}`);
    const answer = (await first.json()) as { items: unknown[]; nextCursor?: string };
    const load = await pool(SEARCHES, 5, get);
    const found = `${answer.items.length}${answer.nextCursor ? ' and a cursor' : ''}`;
    console.log(latencyLine(`${query} (${what}; ${found}; token partitions ${sizes.join(', ')})`, load, SEARCHES));
  }
}

/**
 * The beacon, then the searches with HOT_LEADS leads: `leadsInTable` are
 * there already (bench.ts seeded them), the rest are written here.
 */
export async function hotKeysBench(url: string, signIn: () => Promise<string>, db: Db, endpoint: string, leadsInTable: number) {
  await beaconBench(url, await signIn(), db);
  if (HOT_LEADS > leadsInTable) {
    const seeded = await seedLeadsBatch(endpoint, db.table, leadsInTable, HOT_LEADS);
    console.log(
      `Seeded ${HOT_LEADS - leadsInTable} leads straight into DynamoDB Local (${seeded.items} items by BatchWriteItem) in ` +
        `${seeded.seconds.toFixed(1)} s (${Math.round((HOT_LEADS - leadsInTable) / seeded.seconds)} leads/s)`,
    );
  }
  // Signed in again: seeding can outlast a session's idle timeout.
  await searchBench(url, await signIn(), db);
}
