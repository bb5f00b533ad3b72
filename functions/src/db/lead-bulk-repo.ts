import { batchGet } from './batch-get';
import { ValidationError } from 'yup';
import {
  SALESPEOPLE,
  leadImportRowSchema,
  type BulkImportResult,
  type ImportRowOutcome,
  type Lead,
  type LeadImportInput,
  type Salesperson,
} from '@app/shared-types/leads';
import type { LeadStatus } from '@app/shared-types/constants';
import { fieldMessages } from '@app/shared-types/forms';
import { normalizePhone } from '@app/shared-types/phone';
import type { Db } from './client';
import { keys } from './keys';
import {
  createLeadWrites,
  leadCounterDeltas,
  newLead,
  timelineItem,
  toLead,
  touchLeadWrite,
  updateLeadWrites,
  type Actor,
} from './lead-repo';
import { counterUpdate, mergeDeltas } from './stats-repo';
import { failedConditionEntries, isTransactionCanceled, putNew, transactWrite, type TransactItem } from './writes';


/** DynamoDB's limit: 100 entries per transaction. */
/** Two entries per lead (item + phone marker), plus one for the counters. */
const LEADS_PER_TRANSACTION = 49;

/** phone key -> the lead that owns it, for the phones given. */
async function ownersOfPhones(db: Db, phoneKeys: string[]): Promise<Map<string, { id: string; name: string }>> {
  const markers = await batchGet(db, [...new Set(phoneKeys)].map((phoneKey) => keys.leadPhone(phoneKey)));
  const leadIds = [...new Set(markers.map((marker) => marker.leadId as string))];
  const nameById = new Map((await batchGet(db, leadIds.map((id) => keys.lead(id)))).map((lead) => [lead.id as string, lead.name as string]));
  const owners = new Map<string, { id: string; name: string }>();
  for (const marker of markers) {
    const id = marker.leadId as string;
    owners.set(String(marker.pk).slice('LEADPHONE#'.length), { id, name: nameById.get(id) ?? '' });
  }
  return owners;
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

/** Imported leads start as New with the first salesperson (SPEC.md 5). */
const IMPORT_ASSIGNEE: Salesperson = SALESPEOPLE[0];

/**
 * Imports rows: valid rows become leads (status New, the first salesperson),
 * duplicates of an existing lead whose index is in `includeDuplicates` go on
 * that lead's timeline, everything else is skipped. Leads are written 49 per
 * transaction with their phone markers and counters; a phone claimed in the
 * meantime by someone else turns that row into a skipped duplicate.
 */
export async function importLeads(
  db: Db,
  rows: readonly unknown[],
  options: { includeDuplicates: readonly number[]; dryRun: boolean; actor: Actor; now: string },
): Promise<BulkImportResult> {
  const outcomes = await classifyImportRows(db, rows);
  const validCount = outcomes.filter((row) => row.status === 'valid').length;
  if (options.dryRun) return { leads: [], merged: 0, skipped: outcomes.length - validCount, rows: outcomes };

  const toCreate = outcomes.flatMap((row) => (row.status === 'valid' ? [{ index: row.index, lead: toNewLead(row.lead, options.now) }] : []));
  const chosen = new Set(options.includeDuplicates);
  const toMerge = outcomes.flatMap((row) => (row.status === 'duplicate' && row.existing && chosen.has(row.index) ? [{ ...row, existing: row.existing }] : []));

  const created: Lead[] = [];
  for (let i = 0; i < toCreate.length; i += LEADS_PER_TRANSACTION) {
    let chunk = toCreate.slice(i, i + LEADS_PER_TRANSACTION);
    while (chunk.length > 0) {
      try {
        await transactWrite(db, [
          ...chunk.flatMap(({ lead }) => createLeadWrites(db, lead)),
          counterUpdate(db, 'LEADS', mergeDeltas(...chunk.map(({ lead }) => leadCounterDeltas(lead, 1)))),
        ]);
        created.push(...chunk.map(({ lead }) => lead));
        break;
      } catch (error) {
        if (!isTransactionCanceled(error)) throw error;
        // A phone marker was taken since the preview: drop those rows and send the rest again.
        const taken = new Set(failedConditionEntries(error).map((entry) => Math.floor(entry / 2)));
        if (taken.size === 0) throw error;
        for (const position of taken) {
          const row = chunk[position]!;
          outcomes[row.index] = { index: row.index, status: 'duplicate', lead: fromLead(row.lead), existing: null, reason: 'Phone was added by someone else during the import' };
        }
        chunk = chunk.filter((_, position) => !taken.has(position));
      }
    }
  }

  // Chosen duplicates go on their lead's timeline, 49 per transaction (lead touch + entry each).
  const mergeWrites = (row: (typeof toMerge)[number]): TransactItem[] => [
    touchLeadWrite(db, row.existing.id, options.now),
    putNew(
      db,
      timelineItem(row.existing.id, {
        type: 'note',
        content: `Imported again by ${options.actor.name}: ${describeRow(row.lead)}`,
        createdBy: options.actor.name,
        createdAt: options.now,
      }),
    ),
  ];
  let merged = 0;
  for (let i = 0; i < toMerge.length; i += LEADS_PER_TRANSACTION) {
    let chunk = toMerge.slice(i, i + LEADS_PER_TRANSACTION);
    while (chunk.length > 0) {
      try {
        await transactWrite(db, chunk.flatMap(mergeWrites));
        merged += chunk.length;
        break;
      } catch (error) {
        if (!isTransactionCanceled(error)) throw error;
        // A lead was deleted meanwhile: its row counts as skipped; send the rest again.
        const gone = new Set(failedConditionEntries(error).map((entry) => Math.floor(entry / 2)));
        if (gone.size === 0) throw error;
        chunk = chunk.filter((_, position) => !gone.has(position));
      }
    }
  }
  return { leads: created, merged, skipped: outcomes.length - created.length - merged, rows: outcomes };
}

function toNewLead(row: LeadImportInput, now: string): Lead {
  return newLead({ ...row, status: 'New', assignedTo: IMPORT_ASSIGNEE }, now);
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

/** Leads changed per transaction by a bulk update: lead + timeline entry each, plus the counters. */
const UPDATES_PER_TRANSACTION = 49;

/**
 * Assigns and/or sets the status of many leads. Each lead is written with its
 * version checked and gets a 'change' entry on its timeline; counters move in
 * the same transaction. A lead edited meanwhile is read again and retried; one
 * deleted meanwhile is reported in `notFound`.
 */
export async function bulkUpdateLeads(
  db: Db,
  ids: readonly string[],
  change: { assignedTo?: Salesperson | ''; status?: LeadStatus },
  actor: Actor,
  now: string,
): Promise<{ updated: Lead[]; notFound: string[] }> {
  const unique = [...new Set(ids)];
  const updated: Lead[] = [];
  const notFound: string[] = [];
  for (let i = 0; i < unique.length; i += UPDATES_PER_TRANSACTION) {
    let pending = unique.slice(i, i + UPDATES_PER_TRANSACTION);
    for (let attempt = 1; pending.length > 0; attempt++) {
      const current = (await batchGet(db, pending.map((id) => keys.lead(id)))).map(toLead);
      const foundIds = new Set(current.map((lead) => lead.id));
      notFound.push(...pending.filter((id) => !foundIds.has(id)));
      const pairs = current
        .map((before) => ({ before, after: { ...before, ...change, updatedAt: now, version: before.version + 1 } }))
        .filter(({ before, after }) => before.status !== after.status || before.assignedTo !== after.assignedTo);
      updated.push(...current.filter((lead) => !pairs.some((pair) => pair.before.id === lead.id)));
      if (pairs.length === 0) break;
      const writes: (TransactItem | null)[] = [];
      for (const { before, after } of pairs) {
        // One counter update for the whole transaction instead of one per lead.
        writes.push(...updateLeadWrites(db, before, after, actor, now, { counters: false }));
      }
      writes.push(
        counterUpdate(
          db,
          'LEADS',
          mergeDeltas(...pairs.flatMap(({ before, after }) => [leadCounterDeltas(before, -1), leadCounterDeltas(after, 1)])),
        ),
      );
      try {
        await transactWrite(db, writes);
        updated.push(...pairs.map(({ after }) => after));
        break;
      } catch (error) {
        if (!isTransactionCanceled(error) || attempt >= 5) throw error;
        // Someone edited one of these leads between the read and the write: read them again.
        pending = pairs.map(({ before }) => before.id);
      }
    }
  }
  return { updated, notFound };
}
