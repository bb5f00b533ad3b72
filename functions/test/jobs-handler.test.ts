import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import { systemContext } from '../src/db/entity';
import { getSettings, saveSettings } from '../src/settings/settings-repo';
import { submissionItem } from '../src/leads/submission-repo';
import { TABLE_DEFINITION } from '../src/db/table-definition';
import { createTestApp } from './helpers';

/**
 * The Jobs function's entry (handlers/jobs.ts) on the run's DynamoDB Local:
 * the job the admin function starts by an async invoke after a save changed
 * Settings > dataRetentionDays. (Its backup jobs are tested in backup.test.ts
 * through runJob, which this entry calls.)
 */
describe('the Jobs function', () => {
  it("runs { task: 'submission-retention' }: the stored submissions get the saved retention's expiry", async () => {
    const { db } = await createTestApp();
    const createdAt = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const item = submissionItem('contact', { id: 'c0ffee00-0000-4000-8000-000000000001', createdAt, spam: true, name: 'Spam' }, { days: 365, generation: 0 });
    await db.doc.send(new PutCommand({ TableName: db.table, Item: item }));
    const current = await getSettings(db);
    const { smtpPasswordSet: _set, ...email } = current.email;
    const saved = await saveSettings(db, undefined, { ...current, email, system: { ...current.system, dataRetentionDays: 30 } }, systemContext(new Date().toISOString(), 'test'));
    expect('saved' in saved).toBe(true);

    process.env.TABLE_NAME = db.table;
    process.env.DYNAMODB_ENDPOINT = dynamoEndpoint();
    process.env.AWS_REGION = 'local';
    const { handler } = await import('../src/handlers/jobs');
    expect(await handler({ task: 'submission-retention' })).toEqual({ restamped: 1, complete: true });
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: item.pk, sk: item.sk } }));
    expect(Item?.[TABLE_DEFINITION.timeToLiveAttribute]).toBe(Math.floor(Date.parse(createdAt) / 1000) + 30 * 86_400);
    // Sent again (Lambda retries an async invoke that failed): nothing left to do.
    expect(await handler({ task: 'submission-retention' })).toEqual({ restamped: 0, complete: true });
  });
});
