import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Lead, LeadAnalytics, LeadDetail } from '@app/shared-types/leads';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { leadEntity, newLead, timelineItem } from '../src/leads/lead-repo';
import { putNew, transactWrite } from '../src/db/writes';
import { legacyPhoneKey, upgradeLocalData } from '../src/local/upgrade-data';
import { createTestApp, json, signedInStaff, staffRequest, type TestApp } from './helpers';

type Db = Awaited<ReturnType<typeof createTestApp>>['db'];

/** A lead as the version before canonical phones stored it: counted, indexed, its marker under the old phone key. */
async function oldStyleLead(db: Db, fields: Pick<Lead, 'name' | 'phone' | 'email' | 'source'>, createdAt: string, note: string) {
  const lead = newLead(fields, createdAt);
  const ctx = systemContext(createdAt);
  const [item, , ...rest] = leadEntity.createWrites(db, lead, ctx);
  await transactWrite(db, [
    item!,
    putNew(db, { ...keys.leadPhone(legacyPhoneKey(lead.phone)), entityType: 'LeadPhone', leadId: lead.id }),
    ...rest,
    putNew(db, timelineItem(lead.id, { type: 'note', content: note, createdBy: 'Ravi', createdAt })),
  ]);
  return lead;
}

async function leadCount(app: TestApp, cookie: string) {
  return (await json<LeadAnalytics>(staffRequest(app, '/api/leads/analytics', cookie))).totalLeads;
}

describe('leads kept apart by an old phone key (issue 11, item 6)', () => {
  it('are merged into the oldest one by the data upgrade, the merge on its timeline', async () => {
    const own = await createTestApp();
    const { cookie } = await signedInStaff(own.app, own.db, 'employee');
    // A table at the version before canonical phones.
    await own.db.doc.send(new PutCommand({ TableName: own.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 3 } }));
    const older = await oldStyleLead(
      own.db,
      { name: 'Asha Rao', phone: '0091 98480 12345', email: '', source: 'Direct Call' },
      '2026-01-05T10:00:00.000Z',
      'Called about a 3BHK',
    );
    const newer = await oldStyleLead(
      own.db,
      { name: 'Asha R', phone: '+91 98480 12345', email: 'asha@example.com', source: 'Website' },
      '2026-02-01T09:00:00.000Z',
      'Asked for a site visit',
    );
    expect(legacyPhoneKey(older.phone)).not.toBe(legacyPhoneKey(newer.phone));
    expect(await leadCount(own.app, cookie)).toBe(2);

    await upgradeLocalData(own.db);

    expect(await leadCount(own.app, cookie)).toBe(1);
    expect((await staffRequest(own.app, `/api/leads/${newer.id}`, cookie)).status).toBe(404);
    const detail = await json<LeadDetail>(staffRequest(own.app, `/api/leads/${older.id}`, cookie));
    expect(detail.lead).toMatchObject({ name: 'Asha Rao', phone: '0091 98480 12345' });
    const contents = detail.timeline.map((entry) => entry.content);
    expect(contents).toEqual(expect.arrayContaining(['Called about a 3BHK', 'Asked for a site visit']));
    const merge = detail.timeline.find((entry) => entry.content.startsWith('Merged a duplicate lead'));
    expect(merge?.content).toContain('Asha R, +91 98480 12345, asha@example.com');
    expect(merge?.createdBy).toBe('System');

    // One marker, canonical, owned by the kept lead; the old key is gone.
    const marker = (phoneKey: string) => own.db.doc.send(new GetCommand({ TableName: own.db.table, Key: keys.leadPhone(phoneKey), ConsistentRead: true }));
    expect((await marker('9848012345')).Item?.leadId).toBe(older.id);
    expect((await marker(legacyPhoneKey(older.phone))).Item).toBeUndefined();

    // The deletion went through the entity layer: audited as the system's.
    const audit = await own.db.doc.send(
      new QueryCommand({ TableName: own.db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditEntry(newer.id, '').pk } }),
    );
    expect(audit.Items?.find((entry) => entry.action === 'delete')).toMatchObject({ actor: { id: 'system' } });

    // Dedupe holds from now on, however the number is written.
    const again = await staffRequest(own.app, '/api/leads', cookie, { method: 'POST', body: { name: 'Third', phone: '+91 0 98480 12345' } });
    expect(again.status).toBe(409);
    const search = await json<{ items: Lead[] }>(staffRequest(own.app, '/api/leads?q=98480%2012345', cookie));
    expect(search.items.map((lead) => lead.id)).toEqual([older.id]);

    // Done once.
    await upgradeLocalData(own.db);
    expect(await leadCount(own.app, cookie)).toBe(1);
  });
});
