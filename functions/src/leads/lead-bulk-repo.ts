import { batchGet } from '../db/batch-get';
import { ValidationError } from 'yup';
import {
  leadImportRowSchema,
  type BulkImportResult,
  type ImportRowOutcome,
  type Lead,
  type LeadImportInput,
} from '@app/shared-types/leads';
import type { LeadStatus } from '@app/shared-types/constants';
import { fieldMessages } from '@app/shared-types/forms';
import { normalizePhone } from '@app/shared-types/phone';
import type { Db } from '../db/client';
import { inTurns } from '../lib/in-turns';
import { reservedKeyFields } from '../lib/reserved-keys';
import { keys } from '../db/keys';
import { assignmentGuardWrite } from '../people';
import type { WriteContext } from '../db/entity';
import { ContendedWrite, MAX_PLAN_ITEMS, plan, PlanConditionFailed, PlanTooLarge, RETRY, type WritePlan } from '../db/plan';
import { LeadTurns, lostTurn, readTurns } from './lead-assignment';
import { planAwaiting, planFirstResponse, respondsFirst } from './lead-sla';
import { acknowledgeNewLead, acknowledgementsWanted } from '../notify';
import { addTimelineNote, leadEnquiredWrite, leadEntity, leadPhoneKind, newLead } from './lead-repo';


/** Parts of an import committed at once. */
const IMPORT_PARTS_AT_ONCE = 4;

/** Duplicates merged per transaction: a lead touch and a timeline entry each. */
const LEADS_PER_TRANSACTION = 49;

/** phone key -> the lead that owns it, for the phones given. */
async function ownersOfPhones(db: Db, phoneKeys: string[]): Promise<Map<string, { id: string; name: string }>> {
  const markers = await batchGet(db, [...new Set(phoneKeys)].map((phoneKey) => keys.leadPhone(phoneKey)));
  const ownerIds = new Map(markers.map((marker) => [String(marker.pk).slice('LEADPHONE#'.length), leadPhoneKind.parse(marker).leadId]));
  const leads = await leadEntity.getMany(db, [...ownerIds.values()]);
  return new Map([...ownerIds].map(([phoneKey, id]) => [phoneKey, { id, name: leads.get(id)?.name ?? '' }]));
}

/**
 * Sorts import rows into valid, invalid (with a message per field) and
 * duplicate (the phone belongs to an existing lead, or to an earlier row of
 * the same import). Reads only: the preview and the import share it.
 */
export async function classifyImportRows(db: Db, rows: readonly unknown[]): Promise<ImportRowOutcome[]> {
  const validated = await Promise.all(
    rows.map(async (row, index) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        return { index, errors: { _: 'Row must be an object of lead fields' } };
      }
      const reserved = reservedKeyFields(row);
      if (Object.keys(reserved).length > 0) return { index, errors: reserved };
      try {
        return { index, lead: await leadImportRowSchema.validate(row, { abortEarly: false, stripUnknown: true }) };
      } catch (error) {
        if (error instanceof ValidationError) return { index, errors: fieldMessages(error) };
        throw error;
      }
    }),
  );
  const phoneKeys = validated.flatMap((row) => (row.lead ? [normalizePhone(row.lead.phone)] : []));
  const owners = await ownersOfPhones(db, phoneKeys);
  const firstRowOfPhone = new Map<string, number>();
  return validated.map((row): ImportRowOutcome => {
    if (!row.lead) return { index: row.index, status: 'invalid', errors: row.errors ?? {} };
    const phoneKey = normalizePhone(row.lead.phone);
    const owner = owners.get(phoneKey);
    if (owner) {
      return { index: row.index, status: 'duplicate', lead: row.lead, existing: owner, reason: `Phone already belongs to ${owner.name || 'a lead'}` };
    }
    const earlier = firstRowOfPhone.get(phoneKey);
    if (earlier !== undefined) {
      return { index: row.index, status: 'duplicate', lead: row.lead, existing: null, reason: `Same phone as row ${earlier + 1} of this import` };
    }
    firstRowOfPhone.set(phoneKey, row.index);
    return { index: row.index, status: 'valid', lead: row.lead };
  });
}

/** Who imported leads are assigned to: the first salesperson (SPEC.md 5) while they are an active employee, else nobody. */
export interface ImportAssignee {
  assignedTo: string;
  assignedToName: string;
}

/** The plan entry name of a lead in a bulk plan, and back: 'lead.<id or row>' (its markers: 'lead.<id>.LeadPhone'...). */
const leadEntry = (id: string | number) => `lead.${id}`;
const entryOf = (name: string) => (name.startsWith('lead.') ? name.split('.')[1] : undefined);

/**
 * Imports rows: valid rows become leads (status New, the first salesperson),
 * duplicates of an existing lead whose index is in `includeDuplicates` go on
 * that lead's timeline, everything else is skipped. Leads are written as many
 * per transaction as fit (each with its phone marker, search tokens and audit
 * entry) with the counters once; a phone claimed in the meantime by someone
 * else turns that row into a skipped duplicate.
 */
export async function importLeads(
  db: Db,
  rows: readonly unknown[],
  options: { includeDuplicates: readonly number[]; dryRun: boolean; ctx: WriteContext; assignee?: ImportAssignee },
): Promise<BulkImportResult> {
  const { ctx } = options;
  const outcomes = await classifyImportRows(db, rows);
  const validCount = outcomes.filter((row) => row.status === 'valid').length;
  if (options.dryRun) return { leads: [], merged: 0, skipped: outcomes.length - validCount, rows: outcomes };

  // Speed-to-lead (issue 26): imported leads take their turns of the lead rotation; SPEC.md's first salesperson only while nobody takes leads.
  const firstTurns = await readTurns(db);
  const acknowledge = await acknowledgementsWanted(db);
  const byRotation = firstTurns.takers.length > 0;
  const toCreate = outcomes.flatMap((row) => (row.status === 'valid' ? [{ index: row.index, lead: toNewLead(row.lead, ctx.now, byRotation ? undefined : options.assignee) }] : []));
  const chosen = new Set(options.includeDuplicates);
  const toMerge = outcomes.flatMap((row) => (row.status === 'duplicate' && row.existing && chosen.has(row.index) ? [{ ...row, existing: row.existing }] : []));

  /**
   * One part of the import: the rows' leads (item, phone marker, search tokens, audit entry, awaiting its
   * first response), their counters merged, and their turns of the lead rotation. Returns the leads as written.
   */
  const importPlan = (rows: typeof toCreate, read = firstTurns): { p: WritePlan; leads: Lead[] } => {
    const p = plan(db, ctx);
    const turns = read.fresh();
    const leads = rows.map((row) => {
      const lead = turns.assign(row.lead);
      leadEntity.planCreate(p, leadEntry(row.index), lead, { action: 'import' });
      planAwaiting(p, lead, `${leadEntry(row.index)}.awaiting`);
      acknowledgeNewLead(p, lead, acknowledge, `${leadEntry(row.index)}.acknowledge`);
      return lead;
    });
    turns.plan(p);
    return { p, leads };
  };
  /** Entries every part has once: the merged figures, the takers' counts, the managers' notice. */
  const shared = 2 + firstTurns.items;
  // The split is explicit: as many leads as fit one plan (DynamoDB's 100 items), each part a plan of its own.
  const chunks: (typeof toCreate)[] = [];
  let size = shared;
  for (const row of toCreate) {
    // A lead's entries (its counters merge into the one figure all of them share).
    const entries = importPlan([row], new LeadTurns([], new Map(), [])).p.size - 1;
    const last = chunks.at(-1);
    if (last && size + entries <= MAX_PLAN_ITEMS) {
      last.push(row);
      size += entries;
    } else {
      chunks.push([row]);
      size = shared + entries;
    }
  }
  /** Commits one part; a phone marker taken since the preview turns its row into a duplicate, and the rest go again. */
  const commitPart = async (rows: typeof toCreate): Promise<Lead[]> => {
    let pending = rows;
    let turns = firstTurns;
    let lostTurns = 0;
    while (pending.length > 0) {
      try {
        const { p, leads } = importPlan(pending, turns);
        await p.commit();
        return leads;
      } catch (error) {
        if (!(error instanceof PlanConditionFailed)) throw error;
        // Another write took a turn meanwhile (a lead, another part): read the rotation again.
        if (lostTurn(error)) {
          if (++lostTurns >= RETRY.turns) throw new ContendedWrite('Lead', error, 'its turns of the lead rotation');
          await RETRY.pause(lostTurns);
          turns = await readTurns(db);
          continue;
        }
        const taken = new Set(error.failed.map(entryOf));
        const lost = pending.filter((row) => taken.has(String(row.index)));
        if (lost.length === 0) throw error;
        for (const row of lost) {
          outcomes[row.index] = { index: row.index, status: 'duplicate', lead: fromLead(row.lead), existing: null, reason: 'Phone was added by someone else during the import' };
        }
        pending = pending.filter((row) => !lost.includes(row));
      }
    }
    return [];
  };
  // Parts share no item but a shard of the figures: a few commit at once (a 1,000-row import is about 40 parts).
  const created = (await inTurns(chunks, IMPORT_PARTS_AT_ONCE, commitPart)).flat();

  // Chosen duplicates go on their lead's timeline, 49 per plan (lead touch + entry each): each part is a plan.
  const mergePlan = (rows: typeof toMerge): WritePlan => {
    const p = plan(db, ctx);
    rows.forEach((row, n) => {
      // Two rows of one lead touch it once.
      if (!p.has(leadEntry(row.existing.id))) p.write(leadEntry(row.existing.id), leadEnquiredWrite(row.existing.id, ctx.now));
      addTimelineNote(p, `note.${n}`, row.existing.id, {
        type: 'note',
        content: `Imported again by ${ctx.actor.name}: ${describeRow(row.lead)}`,
        createdBy: ctx.actor.name,
        createdAt: ctx.now,
      });
    });
    return p;
  };
  let merged = 0;
  for (let i = 0; i < toMerge.length; i += LEADS_PER_TRANSACTION) {
    let chunk = toMerge.slice(i, i + LEADS_PER_TRANSACTION);
    while (chunk.length > 0) {
      try {
        await mergePlan(chunk).commit();
        merged += chunk.length;
        break;
      } catch (error) {
        if (!(error instanceof PlanConditionFailed)) throw error;
        // A lead was deleted meanwhile: its rows count as skipped; send the rest again.
        const gone = new Set(error.failed.map(entryOf));
        if (gone.size === 0) throw error;
        chunk = chunk.filter((row) => !gone.has(row.existing.id));
      }
    }
  }
  return { leads: created, merged, skipped: outcomes.length - created.length - merged, rows: outcomes };
}

function toNewLead(row: LeadImportInput, now: string, assignee: ImportAssignee = { assignedTo: '', assignedToName: '' }): Lead {
  return newLead({ ...row, status: 'New', ...assignee }, now);
}

function fromLead(lead: Lead): LeadImportInput {
  const { name, phone, email, source, budget, projectType, location, requirements } = lead;
  return { name, phone, email, source, budget, projectType, location, requirements };
}

/** 'Priya, 98480 11111, priya@example.com, Referral, budget 500000, 3BHK, Kondapur: modular kitchen'. */
function describeRow(row: LeadImportInput): string {
  return [
    row.name,
    row.phone,
    row.email,
    row.source,
    row.budget ? `budget ${row.budget}` : '',
    row.projectType,
    row.location,
  ]
    .filter(Boolean)
    .join(', ')
    .concat(row.requirements ? `: ${row.requirements}` : '');
}

/** Leads changed per plan by a bulk update: the lead and its audit entry each (a first response two more: a plan too large goes in halves), plus the counters. */
const UPDATES_PER_TRANSACTION = 49;

/** Tries per group of leads (each read again first) before its leads are tried one by one. */
const BULK_ATTEMPTS = 5;

/** Tries per lead, one by one, before it is reported conflicted. */
const SINGLE_ATTEMPTS = 3;

/** Time a bulk update may spend waiting between tries; past it, the leads left are reported conflicted. */
const RETRY_BUDGET_MS = 5_000;

/** A pause of up to 25 ms × 2^attempt (at most 800 ms), chosen at random so racing writers spread out. */
function jitteredBackoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(800, 25 * 2 ** attempt)));
}

/** The employee a bulk update assigns to was deleted or made inactive meanwhile. */
export class AssigneeGoneError extends Error {
  constructor() {
    super('The assignee is no longer an active employee');
    this.name = 'AssigneeGoneError';
  }
}

type BulkChange = { assignedTo?: string; assignedToName?: string; status?: LeadStatus };

/**
 * Assigns and/or sets the status of many leads. Each lead is written with its
 * version checked and its audit entry (the timeline shows it as a change);
 * counters move in the same transaction. The leads of a group not edited
 * meanwhile are written at once; one edited meanwhile is read again and
 * retried with jittered backoff, first with its group, then alone;
 * one still losing to concurrent edits is reported in `conflicted` (left as
 * the other writer made it), one deleted meanwhile in `notFound`. A conflict
 * is never an error: every lead ends in exactly one of the three lists
 * (a lead already as asked counts as updated).
 */
export async function bulkUpdateLeads(
  db: Db,
  ids: readonly string[],
  change: BulkChange,
  ctx: WriteContext,
): Promise<{ updated: Lead[]; notFound: string[]; conflicted: string[] }> {
  const unique = [...new Set(ids)];
  const updated: Lead[] = [];
  const notFound: string[] = [];
  const conflicted: string[] = [];
  const giveUpAt = Date.now() + RETRY_BUDGET_MS;

  /**
   * One try at `pending`: read, then write in one transaction. A lead whose
   * version moved, or that another transaction was writing, is set aside and
   * the others are written again at once.
   * Returns the ids still to do (all of them when the transaction kept
   * colliding with others).
   */
  const attempt = async (pending: string[]): Promise<string[]> => {
    const current = await leadEntity.getMany(db, pending);
    notFound.push(...pending.filter((id) => !current.has(id)));
    const pairs = [...current.values()]
      .map((before) => {
        const after: Lead = { ...before, ...change, updatedAt: ctx.now, version: before.version + 1 };
        // A status change is the lead's first response when nobody responded yet, as for one lead (lead-repo.ts updateLead).
        return { before, after: respondsFirst(before, after) ? { ...after, firstResponseAt: ctx.now } : after };
      })
      .filter(({ before, after }) => before.status !== after.status || before.assignedTo !== after.assignedTo);
    updated.push(...[...current.values()].filter((lead) => !pairs.some((pair) => pair.before.id === lead.id)));
    const stale: string[] = [];
    /** Writes `group` in one plan; one the leads' figures make too large goes in two halves. */
    const write = async (group: typeof pairs): Promise<void> => {
      let left = group;
      while (left.length > 0) {
        // One plan: each lead (version checked, its audit entry), the counters merged, and a new assignee's guard.
        const p = plan(db, ctx);
        for (const { before, after } of left) {
          leadEntity.planUpdate(p, leadEntry(before.id), before, after, { action: 'bulk_update' });
          // Its awaiting item goes and the response counts for this person (entries 'lead.<id>.awaiting', 'lead.<id>.firstResponse':
          // a first response that landed meanwhile sets the lead aside, to be read again, like a moved version).
          if (respondsFirst(before, after)) planFirstResponse(p, before, `${leadEntry(before.id)}.`);
        }
        // A new assignee must still be an active employee when the leads are written (one entry per plan).
        if (change.assignedTo && left.some(({ before }) => before.assignedTo !== change.assignedTo)) p.write('assignee', assignmentGuardWrite(change.assignedTo));
        try {
          // One try: leads other writers are busy with are set aside (below) and tried again later, not hammered.
          await p.commit({ attempts: 1 });
          updated.push(...left.map(({ after }) => after));
          return;
        } catch (error) {
          if (error instanceof PlanTooLarge && left.length > 1) {
            // The leads' figures (campaign rows, counters) took it past one commit's items: two smaller plans.
            const half = Math.ceil(left.length / 2);
            await write(left.slice(0, half));
            await write(left.slice(half));
            return;
          }
          if (error instanceof ContendedWrite) {
            // Still colliding with other writers past the one retry policy: these go again later (or are reported conflicted).
            stale.push(...left.map(({ before }) => before.id));
            return;
          }
          if (!(error instanceof PlanConditionFailed)) throw error;
          if (error.has('assignee')) throw new AssigneeGoneError();
          // The leads whose version moved are set aside; the others are written again at once.
          const busy = new Set(error.failed.map(entryOf));
          if (busy.size === 0) throw error;
          stale.push(...left.filter(({ before }) => busy.has(before.id)).map(({ before }) => before.id));
          left = left.filter(({ before }) => !busy.has(before.id));
        }
      }
    };
    await write(pairs);
    return stale;
  };

  /** Tries `pending` up to `attempts` times while the budget lasts; returns the ids that never got through. */
  const withRetries = async (pending: string[], attempts: number): Promise<string[]> => {
    for (let tries = 1; pending.length > 0; tries++) {
      pending = await attempt(pending);
      if (pending.length === 0 || tries >= attempts || Date.now() >= giveUpAt) break;
      await jitteredBackoff(tries);
    }
    return pending;
  };

  for (let i = 0; i < unique.length; i += UPDATES_PER_TRANSACTION) {
    const left = await withRetries(unique.slice(i, i + UPDATES_PER_TRANSACTION), BULK_ATTEMPTS);
    // A group that keeps losing goes one lead at a time, so one busy lead does not hold back the rest.
    for (const id of left) {
      if (Date.now() >= giveUpAt) conflicted.push(id);
      else conflicted.push(...(await withRetries([id], SINGLE_ATTEMPTS)));
    }
  }
  return { updated, notFound, conflicted };
}
