import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { CLOSED_LEAD_STATUSES, LEAD_FIELD_LABELS, type CommunicationType, type Lead, type LeadCreateInput, type LeadListQuery, type LeadUpdateInput, type TimelineEntry } from '@app/shared-types/leads';
import { normalizePhone } from '@app/shared-types/phone';
import type { Db } from './client';
import { log } from '../lib/log';
import { keys } from './keys';
import { cursorKeysOf, phoneSearchText, queryPage, searchTerm, type ListSource } from './list-query';
import { counterUpdate, leadCounter, mergeDeltas, type CounterDeltas } from './stats-repo';
import { isConditionalCheckFailed, isTransactionCanceled, putNew, transactWrite, type TransactItem } from './writes';

type Item = Record<string, NativeAttributeValue>;

/** The stored lead: the API's Lead plus what finds it (keys, phone key, search text). */
export interface LeadItem extends Lead {
  phoneKey: string;
  searchText: string;
}

/** Who made a change, as the timeline shows it. */
export interface Actor {
  id: string;
  name: string;
}

/** The lead as the API returns it: no keys, no internal attributes. */
export function toLead(item: Item | LeadItem): Lead {
  const lead = item as LeadItem;
  return {
    id: lead.id,
    name: lead.name,
    phone: lead.phone,
    email: lead.email ?? '',
    source: lead.source,
    budget: lead.budget ?? 0,
    projectType: lead.projectType ?? '',
    status: lead.status,
    priority: lead.priority ?? 'medium',
    assignedTo: lead.assignedTo ?? '',
    notes: lead.notes ?? '',
    location: lead.location ?? '',
    requirements: lead.requirements ?? '',
    nextFollowUp: lead.nextFollowUp ?? null,
    lastContactedAt: lead.lastContactedAt,
    conversion: lead.conversion ?? null,
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt,
    version: lead.version,
  };
}

/** Lower-case text the list's search matches: name, email and the phone's digits. */
function searchTextOf(lead: Pick<Lead, 'name' | 'email' | 'phone'>): string {
  return [lead.name.toLowerCase(), lead.email.toLowerCase(), phoneSearchText(lead.phone)].join(' ');
}

/** The whole stored item of a lead, with the index keys that list it. */
export function leadItem(lead: Lead): Item {
  return {
    ...keys.lead(lead.id),
    entityType: 'Lead',
    ...lead,
    phoneKey: normalizePhone(lead.phone),
    searchText: searchTextOf(lead),
    gsi1pk: keys.leads(),
    gsi1sk: keys.leadCreatedSort(lead.createdAt, lead.id),
    gsi2pk: keys.leadsByStatus(lead.status),
    gsi2sk: keys.leadCreatedSort(lead.createdAt, lead.id),
    gsi3pk: keys.leadFollowUps(),
    // A closed lead has no follow-up due: it sorts with the leads that have none.
    gsi3sk: keys.leadFollowUpSort(CLOSED_LEAD_STATUSES.includes(lead.status) ? null : lead.nextFollowUp, lead.createdAt, lead.id),
  };
}

/** Counter changes of a lead appearing (+1) or going away (-1). */
export function leadCounterDeltas(lead: Pick<Lead, 'status' | 'source'>, sign: 1 | -1): CounterDeltas {
  return {
    [leadCounter.total]: sign,
    [leadCounter.status(lead.status)]: sign,
    [leadCounter.source(lead.source)]: sign,
  };
}

/** A new lead with the defaults of SPEC.md (status New, priority medium, budget 0). */
export function newLead(input: Partial<LeadCreateInput> & Pick<Lead, 'name' | 'phone' | 'source'>, now: string): Lead {
  return {
    id: randomUUID(),
    name: input.name,
    phone: input.phone,
    email: input.email ?? '',
    source: input.source,
    budget: input.budget ?? 0,
    projectType: input.projectType ?? '',
    status: input.status ?? 'New',
    priority: input.priority ?? 'medium',
    assignedTo: input.assignedTo ?? '',
    notes: input.notes ?? '',
    location: input.location ?? '',
    requirements: input.requirements ?? '',
    nextFollowUp: input.nextFollowUp ?? null,
    lastContactedAt: now,
    conversion: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/** The transaction entries that create a lead: the item, its phone marker, and its counts. */
export function createLeadWrites(db: Db, lead: Lead) {
  return [
    putNew(db, leadItem(lead)),
    putNew(db, { ...keys.leadPhone(normalizePhone(lead.phone)), entityType: 'LeadPhone', leadId: lead.id }),
  ];
}

/** A timeline entry item (communication or change record) of a lead. */
export function timelineItem(
  leadId: string,
  entry: Omit<TimelineEntry, 'id'> & { submission?: { pk: string; sk: string } },
): Item {
  const id = randomUUID();
  return {
    ...keys.leadCommunication(leadId, entry.createdAt, id),
    entityType: 'LeadCommunication',
    id,
    leadId,
    ...entry,
  };
}

/**
 * The transaction entry that marks a lead as contacted now (a timeline entry
 * was added). Not an edit of its fields: the version stays, so a staff
 * member's open edit does not conflict with it. Fails if the lead is gone.
 */
export function touchLeadWrite(db: Db, leadId: string, now: string): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.lead(leadId),
      UpdateExpression: 'SET lastContactedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

function toTimelineEntry(item: Item): TimelineEntry {
  return {
    id: item.id as string,
    type: item.type as TimelineEntry['type'],
    content: (item.content as string | undefined) ?? '',
    createdBy: (item.createdBy as string | undefined) ?? '',
    createdAt: item.createdAt as string,
    ...(item.changes ? { changes: item.changes as TimelineEntry['changes'] } : {}),
  };
}

export interface WebsiteEnquiry {
  name: string;
  phone: string;
  email: string;
  projectType: Lead['projectType'];
  location: string;
  requirements: string;
  /** Timeline text, e.g. 'Calculator: 3BHK, 1450 sq ft, premium ...'. */
  summary: string;
  /** Key of the stored submission, so the lead's timeline can point at it. */
  submissionKey: { pk: string; sk: string };
}

export interface CaptureResult {
  leadId: string;
  created: boolean;
}

const MAX_ATTEMPTS = 6;

/**
 * Turns a website enquiry into CRM state: a new lead (source 'Website') with a
 * timeline entry, or, when a lead with the same phone exists, a timeline entry
 * on that lead. The phone marker item makes "same phone, one lead" hold even for
 * two submissions racing each other; the loser of the race retries as a merge.
 */
export async function captureWebsiteEnquiry(db: Db, enquiry: WebsiteEnquiry, now: string): Promise<CaptureResult> {
  const communication = (leadId: string) =>
    putNew(
      db,
      timelineItem(leadId, {
        type: 'form_submission' satisfies CommunicationType,
        content: enquiry.summary,
        createdBy: 'Website',
        createdAt: now,
        submission: enquiry.submissionKey,
      }),
    );
  const linkSubmission = (leadId: string) => ({
    Update: {
      TableName: db.table,
      Key: enquiry.submissionKey,
      UpdateExpression: 'SET leadId = :leadId',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':leadId': leadId },
    },
  });

  for (let attempt = 1; ; attempt++) {
    const existingId = await findLeadIdByPhone(db, enquiry.phone, true);
    try {
      if (existingId) {
        await transactWrite(db, [
          touchLeadWrite(db, existingId, now),
          communication(existingId),
          linkSubmission(existingId),
        ]);
        if (enquiry.email) await fillBlankEmail(db, existingId, enquiry.email);
        return { leadId: existingId, created: false };
      }
      const lead = newLead(
        {
          name: enquiry.name,
          phone: enquiry.phone,
          email: enquiry.email,
          source: 'Website',
          projectType: enquiry.projectType,
          location: enquiry.location,
          requirements: enquiry.requirements,
        },
        now,
      );
      await transactWrite(db, [
        ...createLeadWrites(db, lead),
        counterUpdate(db, 'LEADS', leadCounterDeltas(lead, 1)),
        communication(lead.id),
        linkSubmission(lead.id),
      ]);
      return { leadId: lead.id, created: true };
    } catch (error) {
      // Lost a race (another submission claimed the phone, or the lead went away): read again.
      if (isTransactionCanceled(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Gives a lead the email a later submission brought, only if it has none: staff edits win. */
async function fillBlankEmail(db: Db, leadId: string, email: string) {
  const lead = await getLead(db, leadId, true);
  if (!lead || lead.email !== '') return;
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.lead(leadId),
        UpdateExpression: 'SET email = :email, searchText = :search',
        ConditionExpression: 'attribute_exists(pk) AND email = :blank',
        ExpressionAttributeValues: { ':email': email, ':blank': '', ':search': searchTextOf({ ...lead, email }) },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

export async function getLead(db: Db, id: string, consistent = false): Promise<Lead | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.lead(id), ConsistentRead: consistent }));
  return Item ? toLead(Item) : undefined;
}

export async function findLeadIdByPhone(db: Db, phone: string, consistent = false): Promise<string | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.leadPhone(normalizePhone(phone)), ConsistentRead: consistent }),
  );
  return Item?.leadId as string | undefined;
}

/** Most recent timeline entries this many at most (a lead's detail view). */
const TIMELINE_LIMIT = 200;

/** A lead's timeline, newest first. */
export async function listTimeline(db: Db, leadId: string): Promise<TimelineEntry[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.lead(leadId).pk, ':prefix': keys.leadCommunicationPrefix() },
      ScanIndexForward: false,
      Limit: TIMELINE_LIMIT,
    }),
  );
  return Items.map(toTimelineEntry);
}

/** Adds a note, call, WhatsApp message or email to a lead's timeline. Undefined if the lead is gone. */
export async function addCommunication(
  db: Db,
  leadId: string,
  entry: { type: CommunicationType; content: string },
  actor: Actor,
  now: string,
): Promise<TimelineEntry | undefined> {
  const item = timelineItem(leadId, { ...entry, createdBy: actor.name, createdAt: now });
  try {
    await transactWrite(db, [touchLeadWrite(db, leadId, now), putNew(db, item)]);
  } catch (error) {
    if (isTransactionCanceled(error, 0)) return undefined;
    throw error;
  }
  return toTimelineEntry(item);
}

export type CreateLeadResult = { lead: Lead } | { phoneTakenBy: string };

/** Creates a lead typed in by staff; a phone that already belongs to a lead is refused. */
export async function createLead(db: Db, input: LeadCreateInput, actor: Actor, now: string): Promise<CreateLeadResult> {
  const lead = newLead(input, now);
  try {
    await transactWrite(db, [
      ...createLeadWrites(db, lead),
      counterUpdate(db, 'LEADS', leadCounterDeltas(lead, 1)),
      putNew(db, timelineItem(lead.id, { type: 'note', content: `Lead added by ${actor.name}`, createdBy: actor.name, createdAt: now })),
    ]);
    return { lead };
  } catch (error) {
    if (isTransactionCanceled(error, 1)) {
      const owner = await findLeadIdByPhone(db, lead.phone, true);
      return { phoneTakenBy: owner ?? '' };
    }
    throw error;
  }
}

/** field -> [before, after] for every tracked field that differs. */
export function diffLead(before: Lead, after: Lead): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of Object.keys(LEAD_FIELD_LABELS)) {
    const from = before[field as keyof Lead];
    const to = after[field as keyof Lead];
    if (from !== to) changes[field] = [from, to];
  }
  return changes;
}

/** One line for the timeline: 'Status: New → Quoted; Assigned to: — → Ravi Kumar'. */
export function describeChanges(changes: Record<string, [unknown, unknown]>): string {
  const shown = (value: unknown) => (value === '' || value === null || value === undefined ? '—' : String(value));
  return Object.entries(changes)
    .map(([field, [from, to]]) =>
      field === 'notes' || field === 'requirements'
        ? `${LEAD_FIELD_LABELS[field]} edited`
        : `${LEAD_FIELD_LABELS[field] ?? field}: ${shown(from)} → ${shown(to)}`,
    )
    .join('; ');
}

/**
 * The transaction entries that replace `before` with `after` (version checked)
 * and record the change: the phone marker moved when the phone changed, a
 * 'change' entry on the timeline, and (unless the caller gathers them) the
 * counters moved.
 */
export function updateLeadWrites(db: Db, before: Lead, after: Lead, actor: Actor, now: string, { counters = true } = {}) {
  const changes = diffLead(before, after);
  const writes: (TransactItem | null)[] = [
    {
      // The item is replaced whole: it must still be the one read, including
      // the fields website submissions and timeline entries change without a
      // new version (lastContactedAt, a filled-in email).
      Put: {
        TableName: db.table,
        Item: leadItem(after),
        ConditionExpression: 'version = :version AND lastContactedAt = :lastContactedAt AND email = :email',
        ExpressionAttributeValues: { ':version': before.version, ':lastContactedAt': before.lastContactedAt, ':email': before.email },
      },
    },
  ];
  const oldPhone = normalizePhone(before.phone);
  const newPhone = normalizePhone(after.phone);
  if (oldPhone !== newPhone) {
    writes.push(putNew(db, { ...keys.leadPhone(newPhone), entityType: 'LeadPhone', leadId: after.id }), {
      Delete: {
        TableName: db.table,
        Key: keys.leadPhone(oldPhone),
        ConditionExpression: 'attribute_not_exists(pk) OR leadId = :id',
        ExpressionAttributeValues: { ':id': before.id },
      },
    });
  }
  if (counters) writes.push(counterUpdate(db, 'LEADS', mergeDeltas(leadCounterDeltas(before, -1), leadCounterDeltas(after, 1))));
  if (Object.keys(changes).length > 0) {
    writes.push(
      putNew(db, timelineItem(after.id, { type: 'change', content: describeChanges(changes), createdBy: actor.name, createdAt: now, changes })),
    );
  }
  return writes;
}

export type UpdateLeadResult = { lead: Lead } | { notFound: true } | { stale: Lead } | { phoneTakenBy: string };

/**
 * Applies staff edits to a lead if it is still at `input.version`; otherwise
 * answers with the current lead (stale) so the caller can say someone else
 * changed it. Nothing is overwritten silently.
 */
export async function updateLead(db: Db, id: string, input: LeadUpdateInput, actor: Actor, now: string): Promise<UpdateLeadResult> {
  const { version, ...changes } = input;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<Lead>;
  for (let attempt = 1; ; attempt++) {
    const before = await getLead(db, id, true);
    if (!before) return { notFound: true };
    if (before.version !== version) return { stale: before };
    const after: Lead = { ...before, ...defined, id, updatedAt: now, version: before.version + 1 };
    // Staff edits keep the email a website submission filled in meanwhile, unless they change it.
    if (Object.keys(diffLead(before, after)).length === 0) return { lead: before };
    try {
      await transactWrite(db, updateLeadWrites(db, before, after, actor, now));
      return { lead: after };
    } catch (error) {
      // Only a new timeline entry or a filled-in email landed since the read: read again and retry.
      if (isTransactionCanceled(error, 0) && attempt < MAX_ATTEMPTS) continue;
      if (isTransactionCanceled(error, 1)) {
        return { phoneTakenBy: (await findLeadIdByPhone(db, after.phone, true)) ?? '' };
      }
      throw error;
    }
  }
}

/**
 * Deletes a lead, its phone marker and its counts in one transaction, then its
 * timeline (SPEC.md: communications are deleted along with their lead).
 */
export async function deleteLead(db: Db, id: string): Promise<boolean> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const lead = await getLead(db, id, true);
    if (!lead) return false;
    try {
      await transactWrite(db, [
        {
          Delete: {
            TableName: db.table,
            Key: keys.lead(id),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': lead.version },
          },
        },
        {
          Delete: {
            TableName: db.table,
            Key: keys.leadPhone(normalizePhone(lead.phone)),
            ConditionExpression: 'attribute_not_exists(pk) OR leadId = :id',
            ExpressionAttributeValues: { ':id': id },
          },
        },
        counterUpdate(db, 'LEADS', leadCounterDeltas(lead, -1)),
      ]);
      try {
        await deletePartition(db, keys.lead(id).pk);
      } catch (error) {
        // The lead is gone; its leftover timeline items are unreachable, not a failed delete.
        log.error('timeline of a deleted lead not fully removed', { leadId: id, error });
      }
      return true;
    } catch (error) {
      // Changed between the read and the delete: read again and delete what is there now.
      if (isTransactionCanceled(error, 0)) continue;
      throw error;
    }
  }
  throw new Error(`lead ${id} kept changing while being deleted`);
}

/** Removes what is left under a partition key (a deleted lead's timeline), 25 items per batch. */
async function deletePartition(db: Db, pk: string) {
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    const itemKeys = page.Items ?? [];
    for (let i = 0; i < itemKeys.length; i += 25) {
      let requests = itemKeys.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
      for (let attempt = 0; requests.length > 0 && attempt < 8; attempt++) {
        const result = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: requests } }));
        requests = (result.UnprocessedItems?.[db.table] ?? []) as typeof requests;
        if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
      if (requests.length > 0) throw new Error(`${requests.length} timeline items left unprocessed`);
    }
    start = page.LastEvaluatedKey;
  } while (start);
}

/** The index and partition a list query reads, from its sort and filters. */
function listSource(query: LeadListQuery): ListSource & { statusFiltered: boolean } {
  if (query.sort === 'followUp') {
    return { index: 'gsi3', pkName: 'gsi3pk', skName: 'gsi3sk', pk: keys.leadFollowUps(), forward: true, statusFiltered: false };
  }
  if (query.status) {
    return { index: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', pk: keys.leadsByStatus(query.status), forward: false, statusFiltered: true };
  }
  return { index: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', pk: keys.leads(), forward: false, statusFiltered: false };
}

/** Attribute names a list cursor may hold for `query` (pk, sk and the index's keys). */
export function leadCursorKeys(query: LeadListQuery) {
  return cursorKeysOf(listSource(query));
}

/**
 * One page of leads. Sorting and the status filter pick the index and
 * partition; the other filters and the search filter that Query (queryPage).
 */
export async function listLeads(
  db: Db,
  query: LeadListQuery,
  exclusiveStartKey?: Record<string, NativeAttributeValue>,
): Promise<{ items: Lead[]; lastKey?: Record<string, NativeAttributeValue> }> {
  const source = listSource(query);
  const expressions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, NativeAttributeValue> = {};
  if (query.status && !source.statusFiltered) {
    expressions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  if (query.source) {
    expressions.push('#source = :source');
    names['#source'] = 'source';
    values[':source'] = query.source;
  }
  if (query.assignedTo !== undefined && query.assignedTo !== '') {
    expressions.push('assignedTo = :assignedTo');
    values[':assignedTo'] = query.assignedTo;
  }
  if (query.projectType) {
    expressions.push('projectType = :projectType');
    values[':projectType'] = query.projectType;
  }
  const search = searchTerm(query.q);
  if (search) {
    expressions.push('contains(searchText, :q)');
    values[':q'] = search;
  }
  const { items, lastKey } = await queryPage(db, source, { expressions, names, values }, query.limit, exclusiveStartKey);
  return { items: items.map(toLead), lastKey };
}

/** Open leads whose next follow-up is on or before `today` (YYYY-MM-DD), oldest first. */
export async function listFollowUpsDue(db: Db, today: string, limit: number): Promise<Lead[]> {
  const found: Lead[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  const closed = CLOSED_LEAD_STATUSES.map((_, i) => `:closed${i}`);
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :end',
        FilterExpression: `NOT (#status IN (${closed.join(', ')}))`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': keys.leadFollowUps(),
          // Every sort key of a date up to today sorts before the next day's '<date>#'.
          ':end': `${today}$`,
          ...Object.fromEntries(CLOSED_LEAD_STATUSES.map((status, i) => [`:closed${i}`, status])),
        },
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(page.Items ?? []).map(toLead));
    start = page.LastEvaluatedKey;
  } while (start && found.length < limit);
  return found.slice(0, limit);
}

/** The newest leads in one status. */
export async function listNewestInStatus(db: Db, status: Lead['status'], limit: number): Promise<Lead[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.leadsByStatus(status) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(toLead);
}
