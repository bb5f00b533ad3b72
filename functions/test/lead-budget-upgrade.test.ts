import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { transactWrite, type TransactItem } from '../src/db/writes';
import { counterUpdate, leadCounter, readCounters } from '../src/dashboard';
import { leadEntity, newLead } from '../src/leads/lead-repo';
import { pendingUpgrades, upgradeLocalData } from '../src/local/upgrade-data';
import { createTestApp, uniquePhone } from './helpers';

/**
 * Data upgrade 12 (issue 25): the pipeline board's kept budget per lead
 * status is set from the leads stored before it was kept, and a repeated run
 * changes nothing.
 */
describe('data upgrade 12: the kept budget per lead status', () => {
  it('sets each status total to the budgets of its leads, clears a total no lead backs, and runs once', async () => {
    const own = await createTestApp();
    // A table at version 11, with leads written before the budgets were kept (no counters).
    await own.db.doc.send(new PutCommand({ TableName: own.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 11 } }));
    expect((await pendingUpgrades(own.db)).steps.map((step) => step.version)).toEqual([12]);
    const now = '2026-11-01T10:00:00.000Z';
    const leads = [
      newLead({ name: 'Asha', phone: uniquePhone('9'), source: 'Website', status: 'New', budget: 500_000 }, now),
      newLead({ name: 'Bala', phone: uniquePhone('9'), source: 'Website', status: 'New', budget: 250_000.5 }, now),
      newLead({ name: 'Chitra', phone: uniquePhone('9'), source: 'Referral', status: 'Quoted', budget: 1_200_000 }, now),
      // Budget unknown: counted nowhere.
      newLead({ name: 'Dev', phone: uniquePhone('9'), source: 'Referral', status: 'Won', budget: 0 }, now),
    ];
    for (const lead of leads) await transactWrite(own.db, leadEntity.createWrites(own.db, lead, systemContext(now), { counters: false }));
    // Kept totals that are wrong: one too small, one for a status with no budget left.
    const stale = counterUpdate(own.db, 'LEADS', { [leadCounter.budget('New')]: 100, [leadCounter.budget('Lost')]: 75_000 });
    await transactWrite(own.db, [stale].filter((item): item is TransactItem => item !== null));

    await upgradeLocalData(own.db);
    const budgets = async () => Object.fromEntries(Object.entries((await readCounters(own.db)).LEADS).filter(([name]) => name.startsWith(leadCounter.budget(''))));
    const expected = {
      [leadCounter.budget('New')]: 750_000,
      [leadCounter.budget('Quoted')]: 1_200_000,
      [leadCounter.budget('Lost')]: 0,
    };
    expect(await budgets()).toEqual(expected);
    expect(await pendingUpgrades(own.db)).toMatchObject({ from: 12, steps: [] });

    // Recorded in the same transaction: a second run does not count the leads again.
    await upgradeLocalData(own.db);
    expect(await budgets()).toEqual(expected);
  });
});
