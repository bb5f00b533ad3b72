import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import * as yup from 'yup';
import { createDb, type Db } from '../src/db/client';
import { conditions, defineItem, execute } from '../src/db/item';
import { ContendedWrite, MAX_PLAN_ITEMS, plan, PlanConditionFailed, PlanOverlap, PlanTooLarge, type WriteContext } from '../src/db/plan';
import { ensureTable } from '../src/local/create-table';

const note = defineItem({
  type: 'TestNote',
  schema: yup.object({ id: yup.string().required(), text: yup.string().defined(), count: yup.number().default(0) }),
  key: (id: string) => ({ pk: `TESTNOTE#${id}`, sk: 'NOTE' }),
  partition: 'TESTNOTE#*',
});
const total = { type: 'TestTotal', key: { pk: 'TESTTOTAL', sk: 'ALL' }, sets: { entityType: 'TestTotal' } };
const sharded = { type: 'TestShards', shards: 4, key: (shard: number) => ({ pk: 'TESTSHARDS', sk: `S#${shard}` }) };

let db: Db;
const ctx: WriteContext = { actor: { id: 'u1', name: 'Tester', email: 't@example.com' }, requestId: 'r1', now: '2026-11-27T00:00:00.000Z' };

beforeAll(async () => {
  db = createDb({ table: `test-${randomUUID()}`, endpoint: dynamoEndpoint(), region: 'local' });
  await ensureTable(db);
});


describe('a write plan', () => {
  it('commits its named entries, merged figures and one audit entry per record in one transaction', async () => {
    const id = randomUUID();
    await plan(db, ctx)
      .write('note', note.put([id], { id, text: 'hello', count: 0 }))
      .add(total, { notes: 1, words: 1 })
      .add(total, { notes: 1 }, 'second')
      .add(sharded, { n: 2 })
      .add(sharded, { n: 3 })
      .audit({ entity: 'TestNote', entityId: id, action: 'create', changes: { text: { before: null, after: 'hel' } } })
      .audit({ entity: 'TestNote', entityId: id, action: 'update', changes: { text: { before: 'hel', after: 'hello' } } })
      .commit();
    expect(await note.get(db, [id])).toEqual({ id, text: 'hello', count: 0 });
    const { Items } = await db.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'TESTTOTAL' } }),
    );
    expect(Items?.[0]).toMatchObject({ notes: 2, words: 1, entityType: 'TestTotal' });
    const shards = await db.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'TESTSHARDS' } }),
    );
    // One shard per plan: both additions landed on the same item.
    expect(shards.Items).toHaveLength(1);
    expect(shards.Items?.[0]?.n).toBe(5);
    const audit = await db.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({ TableName: db.table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': 'AUDITENTITY#TestNote' } }),
    );
    const entries = (audit.Items ?? []).filter((item) => item.entityId === id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', changes: { text: { before: null, after: 'hello' } }, actor: ctx.actor, requestId: 'r1' });
  });

  it('reports a failed condition by the entry name and writes nothing', async () => {
    const id = randomUUID();
    await execute(db, note.put([id], { id, text: 'first', count: 0 }));
    const other = randomUUID();
    const failure = await plan(db, ctx)
      .write('other', note.put([other], { id: other, text: 'x', count: 0 }))
      .write('the note', note.put([id], { id, text: 'second', count: 0 }))
      .add(total, { notes: 100 })
      .commit()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlanConditionFailed);
    expect((failure as PlanConditionFailed).failed).toEqual(['the note']);
    expect(await note.get(db, [other])).toBeUndefined();
    expect(await note.get(db, [id])).toMatchObject({ text: 'first' });
  });

  it('updates with set, add and remove under a condition', async () => {
    const id = randomUUID();
    await execute(db, note.put([id], { id, text: 'a', count: 1 }));
    await plan(db, ctx)
      .write('n', note.update([id], { set: { text: 'b' }, add: { count: 2 }, condition: conditions.equals('text', 'a') }))
      .commit();
    expect(await note.get(db, [id])).toEqual({ id, text: 'b', count: 3 });
    const stale = await plan(db, ctx)
      .write('n', note.update([id], { set: { text: 'c' }, condition: conditions.equals('text', 'a') }))
      .commit()
      .catch((error: unknown) => error);
    expect((stale as PlanConditionFailed).failed).toEqual(['n']);
  });

  it('refuses a plan over 100 items, and two entries on one item, before sending anything', async () => {
    const big = plan(db, ctx);
    for (let i = 0; i <= MAX_PLAN_ITEMS; i++) big.write(`n${i}`, note.put([`big-${i}`], { id: `big-${i}`, text: '', count: 0 }));
    expect(() => big.build()).toThrow(PlanTooLarge);
    await expect(big.commit()).rejects.toThrow('at most 100');
    const twice = plan(db, ctx).write('a', note.put(['same'], { id: 'same', text: '', count: 0 })).write('b', note.delete(['same']));
    await expect(twice.commit()).rejects.toBeInstanceOf(PlanOverlap);
    expect(() => plan(db, ctx).write('a', note.delete(['x'])).write('a', note.delete(['y']))).toThrow("already named 'a'");
  });

  it('50 concurrent plans adding to one figure all land (contention retried, figure equal to the count)', async () => {
    const key = { pk: 'TESTHOT', sk: randomUUID() };
    const hot = { type: 'TestHot', key };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        plan(db, ctx)
          .write('note', note.put([`hot-${key.sk}-${i}`], { id: `hot-${i}`, text: '', count: 0 }))
          .add(hot, { n: 1 })
          .commit(),
      ),
    );
    const landed = results.filter((result) => result.status === 'fulfilled').length;
    // A plan that lost every try is a ContendedWrite (503), never another error, and wrote nothing.
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ContendedWrite);
    const { Item } = await db.doc.send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    expect(Item?.n).toBe(landed);
    expect(landed).toBeGreaterThan(25);
  });

  it('parses what it reads and names the kind when a stored item does not match', async () => {
    const id = randomUUID();
    await execute(db, { op: 'put', type: 'TestNote', key: note.key(id), item: { ...note.key(id), text: 'no id' } });
    await expect(note.get(db, [id])).rejects.toThrow(/stored TestNote item does not match/);
  });
});
