import { randomUUID } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import { auditEntrySchema, type AuditEntry } from '@app/shared-types/audit';
import {
  CLOSED_LEAD_STATUSES,
  LEAD_FIELD_LABELS,
  leadSchema,
  type CommunicationType,
  type Lead,
  type LeadCreateInput,
  type LeadEstimate,
  type LeadListQuery,
  type LeadUpdateInput,
  type TimelineEntry,
} from '@app/shared-types/leads';
import { normalizePhone } from '@app/shared-types/phone';
import { NO_CAMPAIGN } from '@app/shared-types/attribution';
import { STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import type { Db } from '../db/client';
import { log } from '../lib/log';
import { assignmentGuardWrite } from '../people';
import { defineEntity, WEBSITE_ACTOR_ID, WriteConflict, type ItemKey, type WriteContext } from '../db/entity';
import { conditions, defineItem, queryPage, type Write } from '../db/item';
import { AGAIN, ContendedWrite, MAX_PLAN_ITEMS, plan, PlanConditionFailed, RETRY, rounds, type WritePlan } from '../db/plan';
import { lostTurn, readTurns, type LeadTurns } from './lead-assignment';
import { lostFirstResponse, planAwaiting, planFirstResponse, respondsFirst } from './lead-sla';
import { acknowledgeNewLead, acknowledgementsWanted } from '../notify';
import { keys } from '../db/keys';
import { leadCounter, readCounters } from '../dashboard';
import { leadCampaignFigures, sourceAttribution, type LeadAttribution } from '../campaigns';

type Item = Record<string, NativeAttributeValue>;

const byCreation = (lead: Lead) => keys.leadCreatedSort(lead.createdAt, lead.id);

/** The lead counter of one assignee (an employee id), kept by every lead write. */
export const assignedLeadsCounter = (employeeId: string) => `assigned:${employeeId}`;

/** How many leads are assigned to `employeeId` (the kept counters: one Query of their small partition). */
export async function assignedLeadCount(db: Db, employeeId: string): Promise<number> {
  const { LEADS } = await readCounters(db);
  return Math.max(0, LEADS[assignedLeadsCounter(employeeId)] ?? 0);
}

export const leadEntity = defineEntity({
  type: 'Lead',
  schema: leadSchema,
  key: keys.lead,
  partition: 'LEAD#*',
  // A client's approval wins the quote's lead and converts it (quotations/approval.ts).
  grants: { public: ['write'], clientLink: ['read', 'write'] },
  // A website lead is counted and indexed for search in its transaction; a won lead's counts move.
  otherPartitions: { STATS: { public: ['write'], clientLink: ['write'] }, 'SEARCH#Lead#*': { public: ['write'] } },
  indexes: {
    gsi1: (lead) => ({ pk: keys.leads(), sk: byCreation(lead) }),
    gsi2: (lead) => ({ pk: keys.leadsByStatus(lead.status), sk: byCreation(lead) }),
    // A closed lead has no follow-up due: it sorts with the leads that have none.
    gsi3: (lead) => ({
      pk: keys.leadFollowUps(),
      sk: keys.leadFollowUpSort(CLOSED_LEAD_STATUSES.includes(lead.status) ? null : lead.nextFollowUp, lead.createdAt, lead.id),
    }),
  },
  patterns: {
    newest: { index: 'gsi1', partition: () => keys.leads(), forward: false },
    byStatus: { index: 'gsi2', partition: ({ status }: Pick<Lead, 'status'>) => keys.leadsByStatus(status), forward: false },
    byFollowUp: { index: 'gsi3', partition: () => keys.leadFollowUps() },
  },
  // The time of the first response follows from the status change or timeline entry its entry reports.
  unaudited: ['firstResponseAt'],
  // One lead per phone number, however it is written.
  unique: [{ name: 'LeadPhone', partition: 'LEADPHONE#*', key: (lead) => keys.leadPhone(normalizePhone(lead.phone)), owner: 'leadId' }],
  counts: (lead) => ({
    LEADS: {
      [leadCounter.total]: 1,
      [leadCounter.status(lead.status)]: 1,
      [leadCounter.source(lead.source)]: 1,
      // The pipeline board's ₹ total per column, kept by every write (never summed on read).
      ...(lead.budget ? { [leadCounter.budget(lead.status)]: lead.budget } : {}),
      // Per assignee: an employee is not deleted while leads are assigned to them.
      ...(lead.assignedTo ? { [assignedLeadsCounter(lead.assignedTo)]: 1 } : {}),
    },
  }),
  // Attribution (issue 26): its campaign's row on Leads CRM > Campaigns, kept by every lead write.
  figures: leadCampaignFigures,
  search: (lead) => ({ texts: [lead.name, lead.email], phones: [lead.phone] }),
  // Timeline entries mark a lead contacted (or enquiring again) without making anyone's open edit stale.
  kept: ['lastContactedAt', 'lastEnquiryAt'],
});

/** A new lead with the defaults of SPEC.md (status New, priority medium, budget 0). */
export function newLead(
  input: Partial<LeadCreateInput> & Pick<Lead, 'name' | 'phone' | 'source'> & { estimate?: LeadEstimate | null; assignedToName?: string; attribution?: LeadAttribution },
  now: string,
): Lead {
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
    assignedToName: input.assignedTo ? (input.assignedToName ?? '') : '',
    notes: input.notes ?? '',
    location: input.location ?? '',
    requirements: input.requirements ?? '',
    nextFollowUp: input.nextFollowUp ?? null,
    lastContactedAt: null,
    lastEnquiryAt: null,
    conversion: null,
    estimate: input.estimate ?? null,
    // Attribution (issue 26): a lead nothing tracked counts under its own source, without a campaign.
    ...(input.attribution ?? sourceAttribution(input.source)),
    wonValue: 0,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/** The phone marker of a lead (the entity's unique marker, written by leadEntity): who holds a phone number. */
export const leadPhoneKind = defineItem({
  type: 'LeadPhone',
  schema: yup.object({ leadId: yup.string().required() }),
  key: (phone: string) => keys.leadPhone(normalizePhone(phone)),
  partition: 'LEADPHONE#*',
  // Lead capture looks up whether a lead owns the phone already, and claims it for a new one.
  grants: { public: ['leadLookup', 'write'] },
});

/** A communication on a lead's timeline (a note, a call, a website submission...). */
export const leadCommunicationKind = defineItem({
  type: 'LeadCommunication',
  schema: yup.object({
    id: yup.string().required(),
    leadId: yup.string().required(),
    type: yup.mixed<TimelineEntry['type']>().required(),
    content: yup.string().defined().default(''),
    createdBy: yup.string().defined().default(''),
    createdAt: yup.string().required(),
    /** The stored submission a website entry came from. */
    submission: yup.object({ pk: yup.string().required(), sk: yup.string().required() }).optional().default(undefined),
  }),
  key: (leadId: string, createdAt: string, id: string) => keys.leadCommunication(leadId, createdAt, id),
  partition: 'LEAD#*',
  grants: { public: ['write'], clientLink: ['write'] },
});

type CommunicationInput = Omit<TimelineEntry, 'id' | 'changes'> & { submission?: { pk: string; sk: string } };

/** The put of a new timeline entry of a lead. */
export function communicationWrite(leadId: string, entry: CommunicationInput, id: string = randomUUID()): Write {
  return leadCommunicationKind.put([leadId, entry.createdAt, id], { id, leadId, ...entry });
}

/** A timeline entry item (a communication) of a lead, as stored. */
export function timelineItem(leadId: string, entry: CommunicationInput): Item {
  const id = randomUUID();
  return leadCommunicationKind.stored(keys.leadCommunication(leadId, entry.createdAt, id), { id, leadId, ...entry });
}

/** Adds a note to a lead's timeline as a plan entry (another module's write: an approval, a payment). */
export function addTimelineNote(p: WritePlan, name: string, leadId: string, entry: Omit<TimelineEntry, 'id' | 'changes'>): void {
  p.write(name, communicationWrite(leadId, entry));
}

/**
 * The update that marks a lead as having enquired again now (a website form or
 * an import row with its phone) and, with `email`, gives it that email only if
 * it has none. Marking is not an edit of its fields: the version stays, so a
 * staff member's open edit does not conflict with it; filling the email is
 * (version moved on, as after any edit). It is not a contact: 'Last contacted'
 * is staff's call, message or email (addCommunication). Write-only: the public
 * function may not read leads (infra PUBLIC_KEY_ACCESS), so the condition
 * decides, not a read. Fails if the lead is gone (or, filling, has an email).
 *
 * Not written when filling: the lead's search text and the email's search
 * tokens. Both depend on what only a read gives (the lead's name, its
 * createdAt), so a website-filled email does not find its lead in the leads
 * search until the email is edited.
 */
export function leadEnquiredWrite(leadId: string, now: string, email?: string): Write {
  return {
    op: 'update',
    type: leadEntity.type,
    key: keys.lead(leadId),
    set: email ? { lastEnquiryAt: now, email, updatedAt: now } : { lastEnquiryAt: now },
    ...(email ? { add: { version: 1 } } : {}),
    condition: email
      ? conditions.all(conditions.present(), { expression: 'attribute_not_exists(#cEmail) OR #cEmail = :cBlank', names: { '#cEmail': 'email' }, values: { ':cBlank': '' } })!
      : conditions.present(),
  };
}

/** Staff reached the lead (a call, WhatsApp or email on its timeline): 'Last contacted' moves; the version stays. */
function leadContactedWrite(leadId: string, now: string): Write {
  return { op: 'update', type: leadEntity.type, key: keys.lead(leadId), set: { lastContactedAt: now }, condition: conditions.present() };
}

/** The types of timeline entry that are staff contacting the lead (a note is not). */
const CONTACT_TYPES: readonly CommunicationType[] = ['call', 'whatsapp', 'email'];

export const getLead = (db: Db, id: string, consistent = false) => leadEntity.get(db, id, consistent);

export async function findLeadIdByPhone(db: Db, phone: string, consistent = false): Promise<string | undefined> {
  return (await leadPhoneKind.get(db, [phone], { consistent }))?.leadId;
}

/** Most recent timeline entries this many at most (a lead's detail view). */
const TIMELINE_LIMIT = 200;

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

/** The timeline entry of an audited edit: the lead's tracked fields that changed. Null when none did. */
function changeEntry(entry: AuditEntry): TimelineEntry | null {
  if (entry.action !== 'update' && entry.action !== 'bulk_update') return null;
  // What a website submission filled in is on the timeline as the submission itself.
  if (entry.actor.id === WEBSITE_ACTOR_ID) return null;
  const changes = Object.fromEntries(
    Object.entries(entry.changes)
      .filter(([field]) => field in LEAD_FIELD_LABELS)
      // An assignee is shown by name (assignedToName) since assignees are employees; older entries had only the name in assignedTo.
      .filter(([field]) => field !== 'assignedTo' || !('assignedToName' in entry.changes))
      .map(([field, change]): [string, [unknown, unknown]] => [field, [change.before, change.after]]),
  );
  if (Object.keys(changes).length === 0) return null;
  return { id: entry.id, type: 'change', content: describeChanges(changes), createdBy: entry.actor.name, createdAt: entry.at, changes };
}

/**
 * A lead's timeline, newest first: its communications, and its field changes
 * as the audit log recorded them (one source of truth for who changed what).
 */
export async function listTimeline(db: Db, leadId: string): Promise<TimelineEntry[]> {
  const [communications, audit] = await Promise.all([
    leadCommunicationKind.query(db, { pk: keys.lead(leadId).pk, sk: { beginsWith: keys.leadCommunicationPrefix() }, forward: false, limit: TIMELINE_LIMIT }),
    queryPage(db, { pk: keys.auditEntry(leadId, '').pk, forward: false, limit: TIMELINE_LIMIT }),
  ]);
  const changes = audit.items.flatMap((item) => {
    const entry = changeEntry(auditEntrySchema.validateSync(item, STORED_PARSE_OPTIONS));
    return entry ? [entry] : [];
  });
  return [...communications.items.map(({ id, type, content, createdBy, createdAt }): TimelineEntry => ({ id, type, content, createdBy, createdAt })), ...changes]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, TIMELINE_LIMIT);
}

/** Adds a note, call, WhatsApp message or email to a lead's timeline (all but a note mark it contacted). Undefined if the lead is gone. */
export async function addCommunication(
  db: Db,
  leadId: string,
  entry: { type: CommunicationType; content: string },
  ctx: WriteContext,
): Promise<TimelineEntry | undefined> {
  const id = randomUUID();
  const note = { ...entry, createdBy: ctx.actor.name, createdAt: ctx.now };
  // A person's first call, message, email or note is the lead's first response (speed-to-lead, issue 26).
  const before = await getLead(db, leadId, true);
  if (!before) return undefined;
  let firstResponse = !before.firstResponseAt;
  for (;;) {
    try {
      // A note needs the lead to be there; a call, message or email also marks it contacted.
      const contacted = CONTACT_TYPES.includes(entry.type) ? leadContactedWrite(leadId, ctx.now) : undefined;
      const lead: Write = firstResponse
        ? { op: 'update', type: leadEntity.type, key: keys.lead(leadId), set: contacted?.op === 'update' ? contacted.set : undefined, setIfMissing: { firstResponseAt: ctx.now }, condition: conditions.present() }
        : (contacted ?? { op: 'check', type: leadEntity.type, key: keys.lead(leadId), condition: conditions.present() });
      const p = plan(db, ctx).write('lead', lead).write('note', communicationWrite(leadId, note, id));
      if (firstResponse) planFirstResponse(p, before);
      await p.commit();
      return { id, ...note };
    } catch (error) {
      if (error instanceof PlanConditionFailed && error.has('lead')) return undefined;
      // Another first response landed meanwhile: this one is not the first.
      if (firstResponse && lostFirstResponse(error)) {
        firstResponse = false;
        continue;
      }
      throw error;
    }
  }
}

export type CreateLeadResult = { lead: Lead } | { phoneTakenBy: string } | { assigneeGone: true };

/** Creates a lead typed in by staff; a phone that already belongs to a lead is refused. */
export async function createLead(db: Db, input: LeadCreateInput & { assignedToName?: string }, ctx: WriteContext): Promise<CreateLeadResult> {
  const unassigned = newLead(input, ctx.now);
  let lastTurns: LeadTurns | undefined;
  const acknowledge = await acknowledgementsWanted(db);
  return rounds(
    leadEntity.type,
    async (): Promise<CreateLeadResult | typeof AGAIN> => {
      // Without an assignee the lead takes its turn of the lead rotation (speed-to-lead, issue 26); a lost turn reads the cursors again.
      const turns = unassigned.assignedTo ? undefined : await readTurns(db, lastTurns);
      lastTurns = turns;
      const lead = turns ? turns.assign(unassigned) : unassigned;
      const p = plan(db, ctx);
      leadEntity.planCreate(p, 'lead', lead);
      addTimelineNote(p, 'note', lead.id, { type: 'note', content: `Lead added by ${ctx.actor.name}`, createdBy: ctx.actor.name, createdAt: ctx.now });
      // The assignee must still be an active employee when the lead is written (employee-repo.ts assignmentGuardWrite).
      if (lead.assignedTo) p.write('assignee', assignmentGuardWrite(lead.assignedTo));
      turns?.plan(p);
      planAwaiting(p, lead);
      acknowledgeNewLead(p, lead, acknowledge);
      try {
        // With a turn to take, sent once: a loss to a concurrent transaction is most likely a lost turn, and this loop reads again.
        await p.commit(turns?.any ? { attempts: 1 } : {});
        return { lead };
      } catch (error) {
        if (error instanceof ContendedWrite && turns?.any) return AGAIN;
        if (!(error instanceof PlanConditionFailed)) throw error;
        if (error.has(`lead.${leadPhoneKind.type}`)) return { phoneTakenBy: (await findLeadIdByPhone(db, lead.phone, true)) ?? '' };
        if (lostTurn(error)) return AGAIN;
        // A taker made inactive since the read: read everything again; an assignee staff chose: refused.
        if (error.has('assignee')) {
          if (!turns) return { assigneeGone: true };
          lastTurns = undefined;
          return AGAIN;
        }
        throw error;
      }
    },
    RETRY.turns,
    (attempt) => (lastTurns?.any ? RETRY.turnPause(attempt) : RETRY.pause(attempt)),
  );
}

export type UpdateLeadResult = { lead: Lead } | { notFound: true } | { stale: Lead } | { phoneTakenBy: string } | { assigneeGone: true };

/**
 * Applies staff edits to a lead if it is still at `input.version`; otherwise
 * answers with the current lead (stale) so the caller can say someone else
 * changed it. Nothing is overwritten silently.
 */
export async function updateLead(
  db: Db,
  id: string,
  { version, ...changes }: LeadUpdateInput & { assignedToName?: string },
  ctx: WriteContext,
): Promise<UpdateLeadResult> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  let result;
  try {
    // A status change by a person is the lead's first response when nobody responded yet (speed-to-lead, issue 26).
    result = await leadEntity.update(
      db,
      id,
      version,
      (before) => {
        const after = leadSchema.validateSync({ ...before, ...defined }, STORED_PARSE_OPTIONS);
        return respondsFirst(before, after) ? { ...after, firstResponseAt: ctx.now } : after;
      },
      ctx,
      {
        // A new assignee must still be an active employee when the lead is written.
        extra: (p, before, after) => {
          if (after.assignedTo && after.assignedTo !== before.assignedTo) p.write('assignee', assignmentGuardWrite(after.assignedTo));
          if (respondsFirst(before, after)) planFirstResponse(p, before);
        },
      },
    );
  } catch (error) {
    if (error instanceof WriteConflict && error.entry === 'assignee') return { assigneeGone: true };
    // Another first response (a timeline entry) landed meanwhile: the lead changed under the edit.
    if (error instanceof WriteConflict && error.entry === 'firstResponse') {
      const current = await getLead(db, id, true);
      return current ? { stale: current } : { notFound: true };
    }
    throw error;
  }
  if ('taken' in result) return { phoneTakenBy: (await findLeadIdByPhone(db, changes.phone ?? '', true)) ?? '' };
  if ('item' in result) return { lead: result.item };
  return result;
}

/**
 * Deletes a lead, its phone marker and its counts in one transaction, then its
 * timeline (SPEC.md: communications are deleted along with their lead).
 */
export async function deleteLead(db: Db, id: string, ctx: WriteContext): Promise<boolean> {
  const result = await leadEntity.remove(db, id, ctx);
  if (!('deleted' in result)) return false;
  try {
    await deleteTimeline(db, id, ctx);
  } catch (error) {
    // The lead is gone; its leftover timeline items are unreachable, not a failed delete.
    log.error('timeline of a deleted lead not fully removed', { leadId: id, error });
  }
  return true;
}

/**
 * Removes what is left in a deleted lead's partition (its timeline). Each
 * page of keys is deleted in plans of at most MAX_PLAN_ITEMS (an explicit
 * split: the lead's delete, audited, has already happened; these are its
 * leftovers, and a part that fails leaves the rest for nobody to see).
 */
async function deleteTimeline(db: Db, leadId: string, ctx: WriteContext) {
  const pk = keys.lead(leadId).pk;
  let start: ItemKey | undefined;
  do {
    const page = await queryPage(db, { pk, fields: ['pk', 'sk'], start });
    for (let i = 0; i < page.items.length; i += MAX_PLAN_ITEMS) {
      const part = plan(db, ctx);
      page.items.slice(i, i + MAX_PLAN_ITEMS).forEach((key, n) => part.write(`timeline.${n}`, { op: 'delete', type: 'LeadCommunication', key: { pk: String(key.pk), sk: String(key.sk) } }));
      await part.commit();
    }
    start = page.lastKey;
  } while (start);
}

/** The partition a list reads, from its sort and status filter. */
function listOf(query: Pick<LeadListQuery, 'sort' | 'status'>) {
  if (query.sort === 'followUp') return leadEntity.source('byFollowUp', {});
  if (query.status) return leadEntity.source('byStatus', { status: query.status });
  return leadEntity.source('newest', {});
}

/** What a list cursor may hold for `query`. */
export const leadCursorKeys = (query: LeadListQuery) => leadEntity.cursorKeys(listOf(query), query.q, query.sort === 'followUp');

/**
 * One page of leads. Sorting and the status filter pick the index and
 * partition, a search reads its matches from the token index, and the other
 * filters filter the page.
 */
export function listLeads(db: Db, query: LeadListQuery, start?: ItemKey): Promise<{ items: Lead[]; lastKey?: ItemKey }> {
  // The search index answers newest first; by follow-up, a search filters the follow-up list.
  const inListOrder = query.sort === 'followUp';
  const statusFiltered = query.status && (inListOrder || query.q);
  const filtered = statusFiltered || query.source || query.assignedTo || query.projectType || query.campaign;
  return leadEntity.list(db, listOf(query), {
    limit: query.limit,
    start,
    q: query.q,
    inListOrder,
    where: filtered
      ? (lead) =>
          (!statusFiltered || lead.status === query.status) &&
          (!query.source || lead.source === query.source) &&
          (!query.assignedTo || lead.assignedTo === query.assignedTo) &&
          (!query.projectType || lead.projectType === query.projectType) &&
          (!query.campaign || lead.campaign === (query.campaign === NO_CAMPAIGN ? '' : query.campaign))
      : undefined,
  });
}

/** Open leads whose next follow-up is on or before `today` (YYYY-MM-DD), oldest first. */
export async function listFollowUpsDue(db: Db, today: string, limit: number): Promise<Lead[]> {
  const { items } = await leadEntity.query(db, leadEntity.source('byFollowUp', {}), {
    limit,
    // Every sort key of a date up to today sorts before the next day's '<date>#'.
    sk: { lt: `${today}$` },
    where: (lead) => !CLOSED_LEAD_STATUSES.includes(lead.status),
  });
  return items;
}

/** The newest leads in one status. */
export async function listNewestInStatus(db: Db, status: Lead['status'], limit: number): Promise<Lead[]> {
  return (await leadEntity.query(db, leadEntity.source('byStatus', { status }), { limit })).items;
}
