/**
 * The bench's leads (bench.ts, hot-keys-bench.ts): lead n's row, the same at
 * every run, and the seeding of many of them straight into DynamoDB Local
 * with BatchWriteItem.
 */
import { BatchWriteCommand, QueryCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SALESPEOPLE, leadImportRowSchema } from '@app/shared-types/leads';
import { createDb, type Db } from '@app/functions/db/client';
import { mergedCounterWrites, systemContext } from '@app/functions/db/entity';
import { keys } from '@app/functions/db/keys';
import { transactWrite } from '@app/functions/db/writes';
import { leadEntity, newLead } from '@app/functions/leads/lead-repo';

/** Leads of the first round (seeded through the API); their emails are lead<n>@example.com. */
export const BENCH_LEADS = Number(process.env.BENCH_LEADS ?? 10_000);

export const FIRST_NAMES = [
  'Aarav', 'Priya', 'Rahul', 'Sneha', 'Vikram', 'Ananya', 'Arjun', 'Divya', 'Karthik', 'Lakshmi',
  'Manoj', 'Neha', 'Rohit', 'Sanjana', 'Suresh', 'Swathi', 'Venkat', 'Kavya', 'Harish', 'Meera',
];
const CONSONANTS = 'bcdfghjklmnprstvwxyz';
const VOWELS = 'aeiou';
const SOURCES = ['Facebook Ads', 'Google Ads', 'Website', 'Referral', 'Direct Call', 'Instagram', 'WhatsApp'];
const TYPES = ['1BHK', '2BHK', '3BHK', '4BHK', 'Villa', 'Office', 'Commercial', 'Renovation'];

/**
 * Lead n's surname: six letters (three consonant-vowel syllables), its own
 * for each of the first million leads. All are six letters long, so none is
 * the prefix of another and searching one finds one lead at any table size.
 */
export function surnameOf(n: number) {
  let rest = (n * 7919) % 1_000_000;
  let word = '';
  for (let syllable = 0; syllable < 3; syllable++) {
    word += CONSONANTS[Math.floor((rest % 100) / 5)]! + VOWELS[rest % 5]!;
    rest = Math.floor(rest / 100);
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

/** Lead n's phone: 8 and nine digits spread over the range (one number per lead), not a run of neighbours. */
export const phoneOf = (n: number) => `8${String((n * 73_939_133 + 12_345_678) % 1_000_000_000).padStart(9, '0')}`;

/**
 * Lead n as a bulk-import row. The first BENCH_LEADS have the emails
 * lead<n>@example.com; the leads beyond them, first.surname@example.com, so
 * that no email word of theirs starts with lead9999 (a search term matches
 * the start of a word): the one-match searches stay one-match at 100k.
 */
export function leadRow(n: number) {
  const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
  const surname = surnameOf(n);
  return {
    name: `${first} ${surname}`,
    phone: phoneOf(n),
    email: n < BENCH_LEADS ? `lead${n}@example.com` : `${first}.${surname}@example.com`.toLowerCase(),
    source: SOURCES[n % SOURCES.length]!,
    budget: String(300000 + (n % 50) * 25000),
    projectType: TYPES[n % TYPES.length]!,
    location: 'Hyderabad',
    requirements: 'Full home interiors: modular kitchen, wardrobes, false ceiling and lighting',
  };
}


type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** BatchWriteItem requests in flight while seeding. */
const SEED_IN_FLIGHT = 8;
/** Leads built and written per step (their counters are added once per step). */
const SEED_STEP = 2_000;

/**
 * Writes leads from..to-1 straight into the table with the items the bulk
 * import writes (leadEntity.createWrites: the lead, its phone marker, search
 * tokens and audit entry; imported leads are New with the first salesperson),
 * by BatchWriteItem (25 items a request, SEED_IN_FLIGHT in flight, what
 * DynamoDB leaves unprocessed sent again), and the analytics counters they add,
 * merged, in one transaction per SEED_STEP leads. Set-up, not a measured
 * figure: it skips the API and the transactions' conditions (the rows' phones
 * are unique by construction), not the items.
 */
export async function seedLeadsBatch(endpoint: string, table: string, from: number, to: number): Promise<{ seconds: number; items: number }> {
  // Set-up beside a busy DynamoDB Local: a request may wait longer than the app's 3 s.
  const db = createDb({ table, endpoint, region: 'local', timeouts: { requestTimeoutMs: 60_000, maxAttempts: 4 } });
  const started = performance.now();
  let items = 0;
  for (let step = from; step < to; step += SEED_STEP) {
    const ctx = systemContext(new Date().toISOString(), 'bench-seed');
    const requests: WriteRequest[] = [];
    const deltas: ReturnType<typeof leadEntity.counterDeltas>[] = [];
    for (let n = step; n < Math.min(step + SEED_STEP, to); n++) {
      const row = leadImportRowSchema.validateSync(leadRow(n), { stripUnknown: true });
      const lead = newLead({ ...row, status: 'New', assignedTo: SALESPEOPLE[0] }, ctx.now);
      for (const write of leadEntity.createWrites(db, lead, ctx, { counters: false, action: 'import' })) {
        if (!write.Put?.Item) throw new Error('a lead create wrote something other than a Put');
        requests.push({ PutRequest: { Item: write.Put.Item } });
      }
      deltas.push(leadEntity.counterDeltas(null, lead));
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: SEED_IN_FLIGHT }, async () => {
        for (let start = (next += 25) - 25; start < requests.length; start = (next += 25) - 25) {
          let pending = requests.slice(start, start + 25);
          while (pending.length > 0) {
            const answer = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
            pending = answer.UnprocessedItems?.[db.table] ?? [];
          }
        }
      }),
    );
    await transactWrite(db, mergedCounterWrites(db, ...deltas));
    items += requests.length;
    const done = Math.min(step + SEED_STEP, to) - from;
    if (done % 20_000 === 0) console.log(`  ... ${done} leads (${items} items) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return { seconds: (performance.now() - started) / 1000, items };
}

/** Items in a search-token partition (what a search for that lookup token reads its candidates from). */
export async function partitionSize(db: Db, token: string) {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.searchToken('Lead', token, '').pk },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
