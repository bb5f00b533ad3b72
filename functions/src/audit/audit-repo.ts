import { auditEntrySchema, redactChanges, type AuditEntry, type AuditLogQuery } from '@app/shared-types/audit';
import type { Db } from '../db/client';
import type { CursorKeys, ItemKey } from '../db/entity';
import { defineItem, queryPage } from '../db/item';
import { keys } from '../db/keys';

/**
 * An audit entry: written by the plan of each business write (db/plan.ts
 * `audit`; entity transactions not yet on plans: auditEntryWrite) and never
 * changed. Listed by time (gsi1), entity type (gsi2) and actor (gsi3).
 */
export const auditEntryKind = defineItem({
  type: 'AuditEntry',
  schema: auditEntrySchema,
  key: (entityId: string, sort: string) => keys.auditEntry(entityId, sort),
  partition: 'AUDIT#*',
  // The audit log outlives every restore (and records it).
  backup: false,
  // A website lead, a request for access and a client's answer write their audit entries (never read one).
  grants: { public: ['write'], auth: ['write'], clientLink: ['write'] },
});

/**
 * Reading the audit log. This module only reads the entries: one entity's history (its own partition), one
 * entity type, one actor, or everything, newest first, bounded by dates.
 */

/** The partition a query reads: the most selective filter it has. */
function sourceOf(query: Pick<AuditLogQuery, 'entityId' | 'entity' | 'actorId'>) {
  if (query.entityId) return { index: null, pkName: 'pk', skName: 'sk', pk: keys.auditEntry(query.entityId, '').pk };
  if (query.actorId) return { index: 'gsi3', pkName: 'gsi3pk', skName: 'gsi3sk', pk: keys.auditByActor(query.actorId) } as const;
  if (query.entity) return { index: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', pk: keys.auditByEntity(query.entity) } as const;
  return { index: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', pk: keys.auditLog() } as const;
}

export function auditCursorKeys(query: Pick<AuditLogQuery, 'entityId' | 'entity' | 'actorId'>): CursorKeys {
  const source = sourceOf(query);
  return {
    names: source.index ? ['pk', 'sk', source.pkName, source.skName] : ['pk', 'sk'],
    partition: { name: source.pkName, values: [source.pk] },
  };
}

/** A calendar day in Asia/Kolkata as the ISO instant it starts (or, `end`, its last moment). */
function kolkataInstant(date: string, end: boolean): string {
  return new Date(`${date}T${end ? '23:59:59.999' : '00:00:00.000'}+05:30`).toISOString();
}

/** Entries examined at most per request when filters beyond the partition apply. */
const READ_BUDGET = 2000;

/** One page of the audit log, newest first. */
export async function listAuditEntries(db: Db, query: AuditLogQuery, start?: ItemKey): Promise<{ items: AuditEntry[]; lastKey?: ItemKey }> {
  const source = sourceOf(query);
  // Sort keys are '<ISO time>#<id>': a date range is a BETWEEN on them.
  const from = query.from ? kolkataInstant(query.from, false) : '0';
  const to = query.to ? `${kolkataInstant(query.to, true)}~` : '~';
  const where = (entry: AuditEntry) =>
    (!query.entity || entry.entity === query.entity) && (!query.actorId || entry.actor.id === query.actorId);
  // A second filter beside the one that picked the partition filters the entries read: then
  // pages are read whole and the cursor goes on after the last entry returned, not examined.
  const filtered = [query.entityId, query.entity, query.actorId].filter(Boolean).length > 1;
  const items: AuditEntry[] = [];
  let next = start;
  let examined = 0;
  do {
    const page = await queryPage(db, {
      ...(source.index ? { index: source.index } : {}),
      pk: source.pk,
      sk: { between: [from, to] },
      forward: false,
      limit: filtered ? 200 : query.limit,
      start: next,
    });
    const raws = page.items;
    for (const [i, raw] of raws.entries()) {
      examined++;
      const entry = auditEntryKind.parse(raw);
      if (!where(entry)) continue;
      // A secret (a password hash) never leaves the server, whatever an entry holds.
      items.push({ ...entry, changes: redactChanges(entry.changes) });
      if (items.length === query.limit) {
        const more = i < raws.length - 1 || page.lastKey !== undefined;
        const lastKey = { pk: raw.pk, sk: raw.sk, ...(source.index ? { [source.pkName]: raw[source.pkName], [source.skName]: raw[source.skName] } : {}) };
        return { items, lastKey: more ? lastKey : undefined };
      }
    }
    next = page.lastKey;
  } while (next && examined < READ_BUDGET);
  return { items, lastKey: next };
}
