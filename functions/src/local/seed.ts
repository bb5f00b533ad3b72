import { blogPostEntity } from '../blog';
import type { Db } from '../db/client';
import { customerEntity } from '../customers';
import { mergedCounterWrites, systemContext } from '../db/entity';
import { seedMarkerKind } from '../db/engine-kinds';
import { execute } from '../db/item';
import { projectEntity } from '../projects';
import { createDefaultSettings, getSettings } from '../settings';
import { isConditionalCheckFailed, isTransactionCanceled, transactWrite } from '../db/writes';
import { firstStartBlogPosts, firstStartProjects } from './first-start-content';
import { seedRateLibrary } from './rate-library-seed';
import { seedDepartments } from '../people';

const alreadyThere = (error: unknown) =>
  isConditionalCheckFailed(error) || isTransactionCanceled(error);

/**
 * Seeds first-start content once. Every write is conditional, so a seed that was
 * interrupted can run again; the marker written last stops it from re-creating
 * sample content that staff later deleted.
 */
export async function seedFirstStart(db: Db, now = new Date().toISOString()): Promise<boolean> {
  // Before the marker: a table seeded before the rate library existed gets one too (only when it has none).
  await seedRateLibrary(db, now);
  if (await seedMarkerKind.get(db, [])) return false;

  await createDefaultSettings(db, now);
  await seedDepartments(db, systemContext(now, 'first-start'));
  const { company } = await getSettings(db);
  for (const { customer, project } of firstStartProjects(now)) {
    // One transaction per sample: the customer, counted once, with its project counted in.
    const ctx = systemContext(now, 'first-start');
    await transactWrite(db, [
      ...customerEntity.createWrites(db, customer, ctx, { counters: false }),
      ...projectEntity.createWrites(db, project, ctx, { counters: false }),
      ...mergedCounterWrites(db, customerEntity.counterDeltas(null, customer), projectEntity.counterDeltas(null, project)),
    ]).catch((error: unknown) => {
      if (!alreadyThere(error)) throw error;
    });
  }
  for (const post of firstStartBlogPosts(company.companyName, now)) {
    await transactWrite(db, blogPostEntity.createWrites(db, post, systemContext(now, 'first-start'))).catch((error: unknown) => {
      if (!alreadyThere(error)) throw error;
    });
  }
  await execute(db, seedMarkerKind.put([], { seededAt: now })).catch((error: unknown) => {
    if (!alreadyThere(error)) throw error;
  });
  return true;
}
