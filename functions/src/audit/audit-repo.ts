import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntrySchema, type AuditEntry, type AuditLogQuery } from '@app/shared-types/audit';
import { STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import type { Db } from '../db/client';
import type { CursorKeys, ItemKey } from '../db/entity';
import { keys } from '../db/keys';

/**
 * Reading the audit log. Entries are written by the entity layer in each
 * business write's transaction (auditEntryWrite) and never changed; this
 * module only reads them: one entity's history (its own partition), one
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
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...(source.index ? { IndexName: source.index } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': source.pkName, '#sk': source.skName },
        ExpressionAttributeValues: { ':pk': source.pk, ':from': from, ':to': to },
        ScanIndexForward: false,
        Limit: filtered ? 200 : query.limit,
        ExclusiveStartKey: next,
      }),
    );
    const raws = page.Items ?? [];
    for (const [i, raw] of raws.entries()) {
      examined++;
      const entry = auditEntrySchema.validateSync(raw, STORED_PARSE_OPTIONS);
      if (!where(entry)) continue;
      items.push(entry);
      if (items.length === query.limit) {
        const more = i < raws.length - 1 || page.LastEvaluatedKey !== undefined;
        const lastKey = { pk: raw.pk, sk: raw.sk, ...(source.index ? { [source.pkName]: raw[source.pkName], [source.skName]: raw[source.skName] } : {}) };
        return { items, lastKey: more ? lastKey : undefined };
      }
    }
    next = page.LastEvaluatedKey;
  } while (next && examined < READ_BUDGET);
  return { items, lastKey: next };
}
