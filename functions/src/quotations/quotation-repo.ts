import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as yup from 'yup';
import type { NotificationEvent } from '@app/shared-types/notifications';
import {
  addDays,
  fiscalYearOf,
  formatQuotationNumber,
  quotationMargin,
  quotationPrefix,
  quotationSchema,
  quotationTotals,
  letterheadOf,
  type ClientAnswerInput,
  type ClientResponse,
  type Quotation,
  type QuotationInput,
  type QuotationListQuery,
  type QuotationRevision,
  type QuotationRow,
} from '@app/shared-types/quotations';
import { DEFAULT_PAYMENT_PLAN, type QuotationIssue } from '@app/shared-types/quotation-terms';
import { customerEntity } from '../customers';
import type { Db } from '../db/client';
import { defineEntity, type ItemKey, type WriteContext } from '../db/entity';
import { defineItem, execute, type Item } from '../db/item';
import { keys, newestFirst } from '../db/keys';
import { AGAIN, plan, PlanConditionFailed, RETRY, rounds, type WritePlan } from '../db/plan';
import { dashboardCounter } from '../dashboard';
import { currentPlan } from '../finance';
import { addTimelineNote, getLead, leadEntity } from '../leads';
import { log } from '../lib/log';
import { notify } from '../notify';
import { getSettings } from '../settings';
import { costPricesFor } from './rate-library-repo';


/**
 * Quotations (issue 13): server-saved quotes with a readable number per
 * fiscal year, totals the server computes, revisions kept on every save
 * that matters, a share link the client answers through, and an approval
 * that creates the customer and project. Every write carries its audit entry
 * and keeps the dashboard's 'Pending Quotations' (drafts and sent) exact.
 */

const byCreation = (quote: Quotation) => newestFirst(quote.createdAt, quote.id);
const isOpen = (quote: Pick<Quotation, 'status'>) => quote.status === 'draft' || quote.status === 'sent';

export const quotationEntity = defineEntity({
  type: 'Quotation',
  schema: quotationSchema,
  key: keys.quotation,
  partition: 'QUOTE#*',
  // Its PDF; a client's share link shows it and takes their answer (its open-quotes count moves).
  grants: { pdf: ['read'], clientLink: ['read', 'write'] },
  otherPartitions: { STATS: { clientLink: ['write'] } },
  indexes: {
    gsi1: (quote) => ({ pk: keys.quotations(), sk: byCreation(quote) }),
    gsi2: (quote) => ({ pk: keys.quotationsByStatus(quote.status), sk: byCreation(quote) }),
    gsi3: (quote) => (isOpen(quote) ? { pk: keys.quotationsOpen(), sk: keys.quotationOpenSort(quote.validUntil, quote.id) } : undefined),
  },
  patterns: {
    all: { index: 'gsi1', partition: () => keys.quotations() },
    byStatus: { index: 'gsi2', partition: ({ status }: Pick<Quotation, 'status'>) => keys.quotationsByStatus(status) },
    open: { index: 'gsi3', partition: () => keys.quotationsOpen() },
  },
  unique: [{ name: 'QuotationNumber', partition: 'QUOTENO#*', key: (quote) => keys.quotationNumber(quote.quotationNumber), owner: 'quotationId' }],
  counts: (quote) => ({ DASHBOARD: { [dashboardCounter.pendingQuotations]: isOpen(quote) ? 1 : 0 } }),
  search: (quote) => ({
    texts: [quote.quotationNumber, quote.clientDetails.name, quote.title, quote.clientDetails.community, quote.clientDetails.email],
    phones: [quote.clientDetails.phone],
  }),
});

export const getQuotation = (db: Db, id: string, consistent = true) => quotationEntity.get(db, id, consistent);

// ---------------------------------------------------------------------------
// Settings the quotes read (Settings, issue 15, saves them; until then the SPEC.md 9 defaults)

export interface QuotationSettings {
  validityDays: number;
  marginThreshold: number;
  fiscalYearStart: string;
  companyName: string;
}

/**
 * What a quote is issued with now (issue 25): Settings' letterhead and GST
 * rate, and its project's payment plan (SPEC.md 9's for a quote without a
 * project). Frozen in the quote when it is sent or approved; a draft, and a
 * quote kept before issue 25, read it live.
 */
export async function issueNow(db: Db, quote: Pick<Quotation, 'projectId'>): Promise<QuotationIssue> {
  const [{ company, business }, paymentPlan] = await Promise.all([getSettings(db), quote.projectId ? currentPlan(db, quote.projectId) : [...DEFAULT_PAYMENT_PLAN]]);
  return { company: letterheadOf(company), taxRate: business.defaultTaxRate, paymentPlan: paymentPlan.map(({ name, percent }) => ({ name, percent })) };
}

/** The issue a quote shows: its frozen one, else (a draft, or kept before issue 25) the one of now. */
export const issueOf = async (db: Db, quote: Quotation): Promise<QuotationIssue> => quote.issued ?? (await issueNow(db, quote));

/** What quotes read from Settings (Business and the company name), in one read of the settings item. */
export async function quotationSettings(db: Db): Promise<QuotationSettings> {
  const { business, company } = await getSettings(db);
  return {
    validityDays: business.quotationValidityDays,
    marginThreshold: business.quoteMarginThreshold,
    fiscalYearStart: business.fiscalYearStart,
    companyName: company.companyName,
  };
}

// ---------------------------------------------------------------------------
// Building a quote from what the builder sent

/** The rows as stored: ids kept or given, totals and the library's cost prices computed here. */
async function storedRows(db: Db, rows: QuotationInput['rows']): Promise<QuotationRow[]> {
  const costs = await costPricesFor(db, rows);
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const id = row.id && !seen.has(row.id) ? row.id : randomUUID();
    seen.add(id);
    // Dimensions a unit does not use are not kept (SPEC.md 5 hides them).
    const measured = {
      ...row,
      id,
      length: row.unit === 'sq.ft' || row.unit === 'R.ft' ? row.length : null,
      width: row.unit === 'sq.ft' ? row.width : null,
    };
    return { ...measured, total: 0, costPrice: costs[i] ?? null };
  });
}

/** Every figure of a quote from its rows and discount (SPEC.md 9), whatever the client sent. */
function withFigures(quote: Omit<Quotation, 'subtotal' | 'discountAmount' | 'grandTotal' | 'costTotal' | 'marginPercent' | 'uncostedRows'>): Quotation {
  const rows = quote.rows.map((row) => ({ ...row, total: quotationTotals([row], 0).subtotal }));
  return { ...quote, rows, ...quotationTotals(rows, quote.discount), ...quotationMargin(rows, quote.discount) };
}

/** The fields of a quote that are money: a save that changes one keeps the previous version. */
const moneyOf = (quote: Quotation) =>
  JSON.stringify([quote.discount, quote.grandTotal, quote.rows.map((row) => [row.unit, row.length, row.width, row.quantity, row.unitPrice, row.usageArea, row.item, row.finishType, row.brand])]);

/** A fiscal year's number sequence (one atomic ADD per number: a failed save leaves a gap, never a repeat). */
export const quotationCounterKind = defineItem({
  type: 'QuotationCounter',
  schema: yup.object({ sequence: yup.number().defined().default(1) }),
  key: (fiscalYear: string) => keys.quotationCounter(fiscalYear),
  partition: 'QUOTECOUNTER',
});

/** Takes the next number of the fiscal year: no two saves ever share one. */
async function nextQuotationNumber(db: Db, settings: QuotationSettings, quotationDate: string): Promise<{ quotationNumber: string; fiscalYear: string }> {
  const fiscalYear = fiscalYearOf(settings.fiscalYearStart, quotationDate);
  const after = await execute(db, quotationCounterKind.update([fiscalYear], { add: { sequence: 1 }, set: { entityType: quotationCounterKind.type } }), { returnNew: true });
  const sequence = after ? quotationCounterKind.parse(after).sequence : 1;
  return { quotationNumber: formatQuotationNumber(quotationPrefix(settings.companyName), fiscalYear, sequence), fiscalYear };
}

export type LowMargin = { lowMargin: { marginPercent: number; threshold: number } };

/**
 * The margin guard: sending below the threshold needs the sender's
 * confirmation. Without it, the answer that asks for it; with it, the quote
 * records who confirmed at what margin (and so does its audit entry).
 */
function marginGuard(quote: Quotation, settings: QuotationSettings, confirmed: boolean, ctx: WriteContext): LowMargin | { item: Quotation } {
  const below = quote.status === 'sent' && quote.marginPercent !== null && quote.marginPercent < settings.marginThreshold;
  if (!below) return { item: quote };
  const lowMargin = { marginPercent: quote.marginPercent ?? 0, threshold: settings.marginThreshold };
  if (!confirmed) return { lowMargin };
  return { item: { ...quote, lowMarginConfirmed: { ...lowMargin, by: ctx.actor.name, at: ctx.now } } };
}

/** A timeline entry on the quote's lead, when it has one, in the plan (entry 'lead.note'). */
export function leadNote(p: WritePlan, quote: Pick<Quotation, 'leadId'>, content: string): void {
  if (quote.leadId) addTimelineNote(p, 'lead.note', quote.leadId, { type: 'note', content, createdBy: p.ctx.actor.name, createdAt: p.ctx.now });
}

/** Whether a save changes nothing but its stamps (it is then not written, as the entity's update does). */
function unchanged(before: Quotation, after: Quotation): boolean {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  fields.delete('updatedAt');
  fields.delete('version');
  const value = (quote: Quotation, field: string) => JSON.stringify(Object.entries(quote).find(([name]) => name === field)?.[1] ?? null);
  return [...fields].every((field) => value(before, field) === value(after, field));
}

/** The answer to a version-checked save whose quote moved (or went) since it was read. */
export async function staleOrGone(db: Db, id: string): Promise<{ stale: Quotation } | { notFound: true }> {
  const current = await getQuotation(db, id);
  return current ? { stale: current } : { notFound: true };
}

/**
 * A quote sent for a lead still at New or Follow-up moves the lead to Quoted
 * (its counters follow). A write of its own after the send: the lead is
 * edited by others meanwhile, and a lead left at its status loses nothing.
 */
export async function markLeadQuoted(db: Db, leadId: string | null, ctx: WriteContext): Promise<void> {
  if (!leadId) return;
  const result = await leadEntity.update(db, leadId, undefined, (lead) => (lead.status === 'New' || lead.status === 'Follow-up' ? { ...lead, status: 'Quoted' } : lead), ctx);
  if ('stale' in result) log.warn('lead not moved to Quoted after a quotation was sent', { leadId });
}

export const money = (amount: number) => `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

export type CreateQuotationResult = { item: Quotation } | LowMargin | { leadMissing: true } | { customerMissing: true };

/** `id`: the quote's own (a calculator lead's draft takes its submission's, so a retry finds it made); a new one when none. */
export async function createQuotation(db: Db, input: QuotationInput, ctx: WriteContext, today: string, id: string = randomUUID()): Promise<CreateQuotationResult> {
  const settings = await quotationSettings(db);
  if (input.leadId && !(await getLead(db, input.leadId))) return { leadMissing: true };
  if (input.customerId && !(await customerEntity.get(db, input.customerId))) return { customerMissing: true };
  const quotationDate = input.quotationDate ?? today;
  const { confirmLowMargin, ...fields } = input;
  const draft = withFigures({
    ...fields,
    id,
    quotationDate,
    validUntil: input.validUntil ?? addDays(quotationDate, settings.validityDays),
    rows: await storedRows(db, input.rows),
    status: input.status,
    quotationNumber: '',
    fiscalYear: '',
    revisionCount: 0,
    createdBy: ctx.actor.id,
    createdByName: ctx.actor.name,
    sentAt: input.status === 'sent' ? ctx.now : null,
    approvedAt: null,
    approvedBy: null,
    rejectionReason: '',
    responses: [],
    lowMarginConfirmed: null,
    shareToken: input.status === 'sent' ? newShareToken() : null,
    revisedAt: null,
    issued: input.status === 'sent' ? await issueNow(db, input) : null,
    variation: null,
    confirmLowMargin: false,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  });
  const guarded = marginGuard(draft, settings, confirmLowMargin, ctx);
  if ('lowMargin' in guarded) return guarded;
  const quote: Quotation = { ...guarded.item, ...(await nextQuotationNumber(db, settings, quotationDate)) };
  const p = plan(db, ctx);
  quotationEntity.planCreate(p, 'quote', quote);
  linkEntries(p, null, quote);
  leadNote(p, quote, `Quotation ${quote.quotationNumber} created by ${ctx.actor.name} (${money(quote.grandTotal)})`);
  try {
    await p.commit();
  } catch (error) {
    // A number is taken once; the marker only guards against a counter reset.
    if (error instanceof PlanConditionFailed && error.has('quote.QuotationNumber')) throw new Error(`quotation number ${quote.quotationNumber} is taken`, { cause: error });
    throw error;
  }
  if (quote.status === 'sent') await markLeadQuoted(db, quote.leadId, ctx);
  return { item: quote };
}

export type UpdateQuotationResult =
  | { item: Quotation }
  | { notFound: true }
  | { stale: Quotation }
  | LowMargin
  | { locked: Quotation };

/**
 * Saves the builder's quote at the version the editor read. Saving a sent or
 * approved quote, or any save that changes money, keeps the version it
 * replaces as a revision, in the same transaction.
 *
 * A money change (rows, quantities, rates, the discount: anything in
 * `moneyOf`) on a quote its client was sent makes a new revision the client
 * has not seen: it gets `revisedAt` (the link's page says so), and a sent
 * quote goes back to draft, so it must be sent again before the link can
 * approve it. Other changes (wording, notes, dates, client details) leave a
 * sent quote sent: the link shows them at once, and an answer from a page
 * read before them is refused (409) all the same. An approved quote is
 * locked (issue 25): a change to it is a variation (createVariation).
 */
export async function updateQuotation(
  db: Db,
  id: string,
  input: QuotationInput & { version: number },
  ctx: WriteContext,
): Promise<UpdateQuotationResult> {
  const settings = await quotationSettings(db);
  const before = await getQuotation(db, id);
  if (!before) return { notFound: true };
  if (before.version !== input.version) return { stale: before };
  if (before.status === 'approved') return { locked: before };
  const { confirmLowMargin, version: _version, ...fields } = input;
  const rows = await storedRows(db, input.rows);
  const priced = withFigures({
    ...before,
    ...fields,
    quotationDate: input.quotationDate ?? before.quotationDate,
    validUntil: input.validUntil ?? before.validUntil,
    rows,
    confirmLowMargin: false,
    updatedAt: ctx.now,
    version: before.version + 1,
  });
  const moneyChanged = moneyOf(priced) !== moneyOf(before);
  // New figures on a quote that went to the client (it has a link).
  const revised = moneyChanged && before.shareToken !== null;
  // A sent one whose figures change is sent again by hand: until then the link cannot approve them.
  const status = revised && before.status === 'sent' && input.status === 'sent' ? 'draft' : input.status;
  const after: Quotation = {
    ...priced,
    status,
    sentAt: status === 'sent' && before.status !== 'sent' ? ctx.now : before.sentAt,
    shareToken: status === 'sent' ? (before.shareToken ?? newShareToken()) : before.shareToken,
    revisedAt: revised ? ctx.now : before.revisedAt,
    // Frozen as sent (issue 25); a draft reads Settings and the plan live.
    issued: status === 'draft' ? null : status === 'sent' && before.status === 'sent' && before.issued ? before.issued : status === 'sent' ? await issueNow(db, priced) : before.issued,
  };
  const guarded = status !== before.status || moneyChanged ? marginGuard(after, settings, confirmLowMargin, ctx) : { item: after };
  if ('lowMargin' in guarded) return guarded;
  const keep = before.status === 'sent' || moneyChanged;
  const saved: Quotation = keep ? { ...guarded.item, revisionCount: before.revisionCount + 1 } : guarded.item;
  if (unchanged(before, saved)) return { item: before };
  const p = plan(db, ctx);
  quotationEntity.planUpdate(p, 'quote', before, saved);
  if (keep) addRevision(p, before);
  linkEntries(p, before, saved);
  if (status === 'sent' && before.status !== 'sent') leadNote(p, saved, `Quotation ${saved.quotationNumber} sent by ${ctx.actor.name} (${money(saved.grandTotal)})`);
  try {
    await p.commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('quote')) return staleOrGone(db, id);
    throw error;
  }
  if (status === 'sent' && before.status !== 'sent') await markLeadQuoted(db, saved.leadId, ctx);
  return { item: saved };
}

/** A version of a quote kept when a save replaces it: the quote as it was stored, who replaced it and when. */
export const revisionKind = defineItem({
  type: 'QuotationRevision',
  schema: yup.object({
    quotationId: yup.string().required(),
    revision: yup.number().required(),
    replacedAt: yup.string().required(),
    replacedBy: yup.string().defined(),
    quotation: yup.mixed((value): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value)).required(),
  }),
  key: (quotationId: string, revision: number) => keys.quotationRevision(quotationId, revision),
  partition: 'QUOTE#*',
});

/** Keeps `before` as the quote's next revision, in the save's plan. */
export function addRevision(p: WritePlan, before: Quotation): void {
  const revision = before.revisionCount + 1;
  p.write(
    'revision',
    revisionKind.put([before.id, revision], { quotationId: before.id, revision, replacedAt: p.ctx.now, replacedBy: p.ctx.actor.name, quotation: quotationEntity.stored(before) }),
  );
}

/** Deletes a quote as read (with its number marker and share link); a concurrent edit makes it read again. */
export async function deleteQuotation(db: Db, id: string, ctx: WriteContext): Promise<{ deleted: Quotation } | { notFound: true }> {
  return rounds(quotationEntity.type, async () => {
    const before = await getQuotation(db, id);
    if (!before) return { notFound: true } as const;
    const p = plan(db, ctx);
    quotationEntity.planDelete(p, 'quote', before);
    linkEntries(p, before, null);
    try {
      await p.commit();
      return { deleted: before };
    } catch (error) {
      if (error instanceof PlanConditionFailed && error.has('quote')) return AGAIN;
      throw error;
    }
    // An entity's delete: as many rounds as its edits get.
  }, RETRY.edits);
}

/** Revisions, newest first, a page at a time. */
export async function listRevisions(db: Db, id: string, limit: number, start?: ItemKey): Promise<{ items: QuotationRevision[]; lastKey?: ItemKey }> {
  const page = await revisionKind.query(db, { pk: keys.quotation(id).pk, sk: { beginsWith: keys.quotationRevisionPrefix() }, forward: false, limit, start });
  return { items: page.items.map(revisionOf), ...(page.lastKey ? { lastKey: page.lastKey } : {}) };
}

export async function getRevision(db: Db, id: string, revision: number): Promise<QuotationRevision | undefined> {
  const item = await revisionKind.get(db, [id, revision], { consistent: false });
  return item ? revisionOf(item) : undefined;
}

const revisionOf = ({ quotation, ...revision }: ReturnType<typeof revisionKind.parse>): QuotationRevision => ({ ...revision, quotation: quotationEntity.parse(quotation) });

// ---------------------------------------------------------------------------
// Lists

function listOf(query: Pick<QuotationListQuery, 'status'>) {
  return query.status ? quotationEntity.source('byStatus', { status: query.status }) : quotationEntity.source('all', {});
}

export const quotationCursorKeys = (query: Pick<QuotationListQuery, 'status' | 'q'>) => quotationEntity.cursorKeys(listOf(query), query.q);

export function listQuotations(db: Db, query: QuotationListQuery, start?: ItemKey) {
  const filtered = query.status || query.leadId || query.customerId || query.projectId;
  return quotationEntity.list(db, listOf(query), {
    limit: query.limit,
    start,
    q: query.q,
    where: filtered
      ? (quote) =>
          (!query.status || quote.status === query.status) &&
          (!query.leadId || quote.leadId === query.leadId) &&
          (!query.customerId || quote.customerId === query.customerId) &&
          (!query.projectId || quote.projectId === query.projectId)
      : undefined,
  });
}

/** A client's answer to a quote, listed newest first for the dashboard's card. */
export const quotationResponseKind = defineItem({
  type: 'QuotationResponse',
  schema: yup.object({ quotationId: yup.string().required(), action: yup.string().oneOf(['approved', 'changes_requested'] as const).required() }),
  key: (at: string, quotationId: string) => keys.quotationResponse(at, quotationId),
  partition: 'QUOTERESPONSES',
  grants: { clientLink: ['write'] },
});

/** The quotes with the newest client answers (the dashboard's card). */
export async function latestResponses(db: Db, limit: number): Promise<Quotation[]> {
  const { items } = await quotationResponseKind.query(db, { pk: keys.quotationResponses(), forward: false, limit: limit * 2 });
  const ids = [...new Set(items.map((item) => item.quotationId))].slice(0, limit);
  const quotes = await quotationEntity.getMany(db, ids);
  return ids.flatMap((id) => quotes.get(id) ?? []);
}

// ---------------------------------------------------------------------------
// Share links

/** 32 random bytes, base64url: unguessable. */
function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A share link's marker: the hash of its token names the quote it opens. */
export const quotationLinkKind = defineItem({
  type: 'QuotationLink',
  schema: yup.object({ quotationId: yup.string().required() }),
  key: (hash: string) => keys.quotationLink(hash),
  partition: 'QUOTELINK#*',
  // A client's share link opens the quote and its PDF.
  grants: { pdf: ['read'], clientLink: ['read'] },
});

/** The link marker moves with the token: put when a quote gets one, deleted with the quote (entries 'link', 'link.release'). */
function linkEntries(p: WritePlan, before: Quotation | null, after: Quotation | null): void {
  const [old, next] = [before?.shareToken ?? null, after?.shareToken ?? null];
  if (old === next) return;
  if (old) p.write('link.release', quotationLinkKind.delete([tokenHash(old)]));
  if (next && after) p.write('link', quotationLinkKind.put([tokenHash(next)], { quotationId: after.id }));
}

export type LinkResult = { quote: Quotation } | { invalid: true } | { expired: Quotation };

/** The quote a share token opens: none for an unknown token; expired past validUntil. */
export async function quotationByToken(db: Db, token: string, today: string): Promise<LinkResult> {
  const link = await quotationLinkKind.get(db, [tokenHash(token)]);
  if (!link) return { invalid: true };
  const quote = await getQuotation(db, link.quotationId);
  if (!quote || quote.shareToken !== token) return { invalid: true };
  if (quote.status !== 'approved' && quote.validUntil < today) return { expired: quote };
  return { quote };
}

/** The notification of a quote's step (sent, approved, changes requested), heard by its creator too. */
export function quotationEvent(kind: 'quotation.sent' | 'quotation.approved' | 'quotation.changes_requested', quote: Quotation, by: string, comment = ''): NotificationEvent {
  return {
    kind,
    quotationId: quote.id,
    number: quote.quotationNumber,
    clientName: quote.clientDetails.name,
    by,
    ...(comment ? { comment } : {}),
    createdById: quote.createdBy,
  };
}

export type SendResult = { item: Quotation } | { notFound: true } | { stale: Quotation } | LowMargin | { notSendable: Quotation } | { noProjectType: true };

/** Marks a quote sent and gives it a share link (kept when it has one). */
export async function sendQuotation(db: Db, id: string, version: number, confirmLowMargin: boolean, ctx: WriteContext): Promise<SendResult> {
  const settings = await quotationSettings(db);
  const before = await getQuotation(db, id);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: before };
  if (before.status === 'approved' || before.status === 'rejected') return { notSendable: before };
  if (!before.clientDetails.projectType) return { noProjectType: true };
  const sent: Quotation = {
    ...before,
    status: 'sent',
    sentAt: before.status === 'sent' ? before.sentAt : ctx.now,
    shareToken: before.shareToken ?? newShareToken(),
    // Its letterhead, GST and plan as sent: later Settings do not rewrite what the client has.
    issued: before.status === 'sent' && before.issued ? before.issued : await issueNow(db, before),
  };
  const guarded = before.status !== 'sent' ? marginGuard(sent, settings, confirmLowMargin, ctx) : { item: sent };
  if ('lowMargin' in guarded) return guarded;
  const after = guarded.item;
  const written: Quotation = { ...after, updatedAt: ctx.now, version: before.version + 1 };
  if (unchanged(before, written)) return { item: before };
  const p = plan(db, ctx);
  quotationEntity.planUpdate(p, 'quote', before, written, { action: 'send' });
  linkEntries(p, before, written);
  if (before.status !== 'sent') {
    leadNote(p, written, `Quotation ${written.quotationNumber} sent by ${ctx.actor.name} (${money(written.grandTotal)})`);
    notify(p, quotationEvent('quotation.sent', written, ctx.actor.name));
    // Issue 25: the client gets the link (and the PDF) by email too, through the outbox.
    const { name, email } = written.clientDetails;
    if (email && written.shareToken) {
      notify(p, { kind: 'quotation.to_client', quotationId: written.id, number: written.quotationNumber, clientName: name, clientEmail: email, sharePath: `/q/${written.shareToken}` });
    }
  }
  try {
    await p.commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('quote')) return staleOrGone(db, id);
    throw error;
  }
  if (before.status !== 'sent') await markLeadQuoted(db, written.leadId, ctx);
  return { item: written };
}

// ---------------------------------------------------------------------------
// The client's answers

/** Someone answering through the link: the audit log records them as the client, by name. */
export function clientContext(name: string, requestId: string, now: string): WriteContext {
  return { actor: { id: 'client', name: `${name} (client)`, email: '' }, requestId, now };
}

/**
 * The client asks for changes on `quote` as their page showed it: recorded on
 * the quote (an open edit of it then hears of it as a 409), the lead's
 * timeline and the dashboard's answers. On the condition that the quote is
 * still at that version and sent: one changed or pulled back to draft
 * meanwhile is stale.
 */
export async function requestChanges(
  db: Db,
  quote: Quotation,
  answer: Omit<ClientAnswerInput, 'version'> & { ip: string },
  ctx: WriteContext,
): Promise<{ item: Quotation } | { stale: Quotation } | { notFound: true }> {
  const response: ClientResponse = { action: 'changes_requested', name: answer.name, comment: answer.comment, at: ctx.now, ip: answer.ip };
  const after: Quotation = { ...quote, responses: [...quote.responses, response].slice(-20), updatedAt: ctx.now, version: quote.version + 1 };
  const p = plan(db, ctx);
  quotationEntity.planUpdate(p, 'quote', quote, after, {
    action: 'request_changes',
    condition: { expression: '#status = :sent', names: { '#status': 'status' }, values: { ':sent': 'sent' } },
  });
  leadNote(p, quote, `Changes requested on quotation ${quote.quotationNumber} by ${answer.name}${answer.comment ? `: ${answer.comment}` : ''}`);
  p.write('response', quotationResponseKind.put([ctx.now, quote.id], { quotationId: quote.id, action: 'changes_requested' }));
  notify(p, quotationEvent('quotation.changes_requested', quote, answer.name, answer.comment));
  try {
    await p.commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('quote')) return staleOrGone(db, quote.id);
    throw error;
  }
  return { item: after };
}

// ---------------------------------------------------------------------------
// Expiry (the jobs)

/** Marks drafts and sent quotes past their validUntil as expired (idempotent; the dashboard count follows). */
export async function expireQuotations(db: Db, today: string, ctx: WriteContext): Promise<{ expired: number }> {
  let expired = 0;
  let start: ItemKey | undefined;
  do {
    const page = await quotationEntity.query(db, quotationEntity.source('open', {}), { limit: 100, start, sk: { lt: `${today}#` } });
    for (const quote of page.items) {
      if (quote.validUntil >= today || !isOpen(quote)) continue;
      const result = await quotationEntity.update(db, quote.id, undefined, (before) => (isOpen(before) && before.validUntil < today ? { ...before, status: 'expired' } : before), ctx, {
        action: 'expire',
      });
      if ('item' in result && result.item.status === 'expired') expired++;
    }
    start = page.lastKey;
  } while (start);
  return { expired };
}
